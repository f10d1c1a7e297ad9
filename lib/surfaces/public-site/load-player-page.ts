import { db } from "@/lib/core/db";
import { loadCompanyRow } from "@/lib/surfaces/public-site/load-company";
import { mediaRows } from "@/lib/surfaces/public-site/load-contents";
import { loadVersions } from "@/lib/surfaces/public-site/load-versions";
import { toPublicCompany, toPublicContent, toPublicEvent } from "@/lib/surfaces/public-site/mappers";
import { contentSelect, eventSelect } from "@/lib/surfaces/public-site/selects";
import type { PlayerPageData } from "@/lib/surfaces/public-site/types";
import { isContentViewable, isEventListed, isEventViewable } from "@/lib/platform/site/visibility";
import {
  eventLocksOf,
  galleryAccess,
  isEventUnlocked,
  NO_COOKIES,
  unlockTargetOf,
  type GalleryGate,
  type UnlockCookies,
} from "@/lib/platform/site/gallery-access";
import { isRecordIdShape } from "@/lib/core/validation/common";

/**
 * A viewable content's player page, with the listed events it belongs to; null otherwise.
 * `cookies`: the browser's, read only by the per-request page that checked them
 * (app/[locale]/(per-request)/~unlocked); the cached page has none. A password gallery, or one
 * only password events show (gallery-access.ts), is `locked` without the unlock it needs; one
 * past its expiry `expired`. A password event is named only to a browser that unlocked it; an
 * unlisted one never (it opens by its own link alone: a gallery's page must not give it away).
 */
export async function loadPlayerPage(
  contentId: string,
  companyId?: string,
  options: { cookies?: UnlockCookies; now?: Date } = {},
): Promise<PlayerPageData | null> {
  const cookies = options.cookies ?? NO_COOKIES;
  const now = options.now?.getTime() ?? Date.now();
  const row = await db.content.findUnique({ where: { id: contentId }, select: contentSelect(true) });
  // Not viewable is not found, exactly like an unknown id (see `PlayerPageData`).
  if (!row || (companyId && row.companyId !== companyId) || !isContentViewable(row)) return null;
  const companyRow = await loadCompanyRow(row.companyId);
  if (!companyRow) return null;
  const gate: GalleryGate = { ...row, eventLocks: eventLocksOf(row.events.map((l) => l.event)) };
  const access = galleryAccess(gate, row.id, cookies, now);
  if (access !== "open") {
    const versions = await loadVersions(companyRow.id, { events: [], contents: [] });
    const company = toPublicCompany(companyRow, versions);
    return access === "locked"
      ? { state: "locked", company, contentId: row.id, unlock: unlockTargetOf(gate, row.id, cookies, now) }
      : { state: "expired", company, contentId: row.id };
  }
  const eventIds = row.events
    .filter(
      (l) =>
        isEventListed(l.event) ||
        (isEventViewable(l.event) &&
          l.event.visibility === "password" &&
          isEventUnlocked(l.event, cookies, now)),
    )
    .map((l) => l.event.id);
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
 * The player page for a browser with `cookies` (issue #36): read per request by the page the
 * proxy sends a browser holding the gallery's unlock cookie, or any event's, to
 * (app/[locale]/(per-request)/~unlocked), never cached. Without a valid unlock a protected
 * gallery is `locked`, as on the cached page. `shared`: the cached page's data, for a gallery
 * neither its own password nor a password event protects (any client can send a cookie named
 * like an unlock: it must not buy a full uncached render of a public gallery).
 */
export async function loadUnlockedPlayerPage(
  contentId: string,
  companySlug: string | undefined,
  cookies: UnlockCookies,
  shared?: () => Promise<PlayerPageData | null>,
): Promise<PlayerPageData | null> {
  if (!isRecordIdShape(contentId)) return null;
  const ref = await db.content.findUnique({
    where: { id: contentId },
    select: {
      companyId: true,
      visibility: true,
      company: { select: { slug: true } },
      events: {
        select: {
          event: {
            select: { id: true, status: true, isPublic: true, visibility: true, accessPasswordHash: true },
          },
        },
      },
    },
  });
  if (!ref || (companySlug !== undefined && ref.company.slug !== companySlug.toLowerCase())) return null;
  const protectedByEvents = eventLocksOf(ref.events.map((l) => l.event)).length > 0;
  if (ref.visibility !== "password" && !protectedByEvents && shared) return shared();
  return loadPlayerPage(contentId, ref.companyId, { cookies });
}
