import { db } from "@/lib/core/db";
import { loadBanners } from "@/lib/surfaces/public-site/load-banners";
import { loadCompanyRow } from "@/lib/surfaces/public-site/load-company";
import { contentRowsOf, toContents } from "@/lib/surfaces/public-site/load-contents";
import { loadVersions } from "@/lib/surfaces/public-site/load-versions";
import { toPublicCompany, toPublicEvent } from "@/lib/surfaces/public-site/mappers";
import { eventSelect } from "@/lib/surfaces/public-site/selects";
import type { EventPageData } from "@/lib/surfaces/public-site/types";
import { isEventViewable, notExpiredWhere } from "@/lib/platform/site/visibility";
import { isEventUnlocked, NO_COOKIES, type UnlockCookies } from "@/lib/platform/site/gallery-access";
import { isRecordIdShape } from "@/lib/core/validation/common";

/**
 * The company's viewable event by its slug (unique per company), or null (unknown or not
 * viewable). A password event (issue #36) is `locked`, nothing of it on the page, unless
 * `cookies` (the per-request page's, app/[locale]/(per-request)/~unlocked) hold its unlock.
 */
export async function loadEventPage(
  eventSlug: string,
  companyId: string,
  options: { cookies?: UnlockCookies } = {},
): Promise<EventPageData | null> {
  const found = await db.event.findUnique({
    where: { companyId_slug: { companyId, slug: eventSlug.toLowerCase() } },
    select: { ...eventSelect, accessPasswordHash: true },
  });
  // Not viewable is not found: "unavailable" with the owner's brand told anyone it existed.
  if (!found || !isEventViewable(found)) return null;
  const { accessPasswordHash, ...row } = found;
  const companyRow = await loadCompanyRow(row.companyId);
  if (!companyRow) return null;
  if (
    row.visibility === "password" &&
    !isEventUnlocked({ id: row.id, accessPasswordHash }, options.cookies ?? NO_COOKIES)
  ) {
    const versions = await loadVersions(companyRow.id, { events: [], contents: [] });
    return { state: "locked", company: toPublicCompany(companyRow, versions), eventId: row.id };
  }

  // Unlisted and password galleries open by their link only; expired ones are gone (issue #36).
  const loaded = await contentRowsOf(
    { events: { some: { eventId: row.id } }, visibility: "public", ...notExpiredWhere() },
    true,
  );
  // Order as the organiser arranged them in the event.
  const [positions, versions, banners] = await Promise.all([
    db.contentEvent.findMany({ where: { eventId: row.id }, select: { contentId: true, position: true } }),
    loadVersions(companyRow.id, { events: [row.id], contents: loaded.rows.map((c) => c.id) }),
    loadBanners([row]),
  ]);
  const texts = { sourceLocale: companyRow.sourceLocale, versions };
  const contents = toContents(loaded, true, texts);
  const position = new Map(positions.map((p) => [p.contentId, p.position]));
  contents.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
  return {
    state: "ok",
    company: toPublicCompany(companyRow, versions),
    event: toPublicEvent(row, contents, texts, banners),
    contents,
  };
}

/**
 * The event page for a browser with `cookies` (issue #36): read per request by the page the
 * proxy sends a browser holding any event's unlock cookie to (app/[locale]/(per-request)/~unlocked),
 * never cached. `shared`: the cached page's data, for an event without a password (a cookie named
 * like an unlock must not buy an uncached render of a public event).
 */
export async function loadUnlockedEventPage(
  eventSlug: string,
  companySlug: string,
  cookies: UnlockCookies,
  shared: () => Promise<EventPageData | null>,
): Promise<EventPageData | null> {
  if (!isRecordIdShape(eventSlug)) return null;
  const ref = await db.event.findFirst({
    where: { slug: eventSlug.toLowerCase(), company: { slug: companySlug.toLowerCase() } },
    select: { companyId: true, visibility: true },
  });
  if (!ref) return null;
  if (ref.visibility !== "password") return shared();
  return loadEventPage(eventSlug, ref.companyId, { cookies });
}
