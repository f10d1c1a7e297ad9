import { db } from "@/lib/core/db";
import { loadCompanyRow } from "@/lib/surfaces/public-site/load-company";
import { mediaRows } from "@/lib/surfaces/public-site/load-contents";
import { loadVersions } from "@/lib/surfaces/public-site/load-versions";
import { toPublicCompany, toPublicContent, toPublicEvent } from "@/lib/surfaces/public-site/mappers";
import { contentSelect, eventSelect } from "@/lib/surfaces/public-site/selects";
import type { PlayerPageData } from "@/lib/surfaces/public-site/types";
import { isContentViewable, isEventViewable } from "@/lib/platform/site/visibility";
import { galleryAccess, isGalleryExpired } from "@/lib/platform/site/gallery-access";
import { isRecordIdShape } from "@/lib/core/validation/common";

/**
 * A viewable content's player page, with the viewable events it belongs to; null otherwise.
 * A password gallery is `locked` unless `unlocked` (the per-request page that checked the
 * browser's unlock cookie: app/[locale]/(per-request)/~unlocked); one past its expiry `expired`.
 */
export async function loadPlayerPage(
  contentId: string,
  companyId?: string,
  options: { unlocked?: boolean; now?: Date } = {},
): Promise<PlayerPageData | null> {
  const row = await db.content.findUnique({ where: { id: contentId }, select: contentSelect(true) });
  // Not viewable is not found, exactly like an unknown id (see `PlayerPageData`).
  if (!row || (companyId && row.companyId !== companyId) || !isContentViewable(row)) return null;
  const companyRow = await loadCompanyRow(row.companyId);
  if (!companyRow) return null;
  const closed = isGalleryExpired(row, options.now?.getTime())
    ? "expired"
    : row.visibility === "password" && !options.unlocked
      ? "locked"
      : null;
  if (closed) {
    const versions = await loadVersions(companyRow.id, { events: [], contents: [] });
    return { state: closed, company: toPublicCompany(companyRow, versions), contentId: row.id };
  }
  const eventIds = row.events.filter((l) => isEventViewable(l.event)).map((l) => l.event.id);
  const [media, eventRows, versions] = await Promise.all([
    mediaRows([row], true),
    eventIds.length
      ? db.event.findMany({
          where: { id: { in: eventIds } },
          orderBy: { startsAt: "desc" },
          select: eventSelect,
        })
      : [],
    loadVersions(companyRow.id, { events: eventIds, contents: [row.id] }),
  ]);
  const texts = { sourceLocale: companyRow.sourceLocale, versions };
  return {
    state: "ok",
    company: toPublicCompany(companyRow, versions),
    content: toPublicContent(row, media, true, texts),
    events: eventRows.map((e) => toPublicEvent(e, [], texts)),
  };
}

/**
 * The player page for a browser holding `token`, the gallery's unlock cookie (issue #36): read
 * per request by the page the proxy sends such a browser to (app/[locale]/(per-request)/~unlocked),
 * never cached. Without a valid token a password gallery is `locked`, as on the cached page.
 * `shared`: the cached page's data, for a gallery that has no password (any client can send a
 * cookie named `ag_unlock_<id>`: it must not buy a full uncached render of a public gallery).
 */
export async function loadUnlockedPlayerPage(
  contentId: string,
  companySlug: string | undefined,
  token: string | undefined,
  shared?: () => Promise<PlayerPageData | null>,
): Promise<PlayerPageData | null> {
  if (!isRecordIdShape(contentId)) return null;
  const ref = await db.content.findUnique({
    where: { id: contentId },
    select: {
      companyId: true,
      visibility: true,
      accessPasswordHash: true,
      expiresAt: true,
      company: { select: { slug: true } },
    },
  });
  if (!ref || (companySlug !== undefined && ref.company.slug !== companySlug.toLowerCase())) return null;
  if (ref.visibility !== "password" && shared) return shared();
  return loadPlayerPage(contentId, ref.companyId, {
    unlocked: galleryAccess(ref, contentId, token) === "open",
  });
}
