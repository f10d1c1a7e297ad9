import { db } from "@/lib/core/db";
import { loadBanners } from "@/lib/surfaces/public-site/load-banners";
import { loadCompanyRow } from "@/lib/surfaces/public-site/load-company";
import { contentRowsOf, toContents } from "@/lib/surfaces/public-site/load-contents";
import { loadVersions } from "@/lib/surfaces/public-site/load-versions";
import { toPublicCompany, toPublicEvent } from "@/lib/surfaces/public-site/mappers";
import { eventSelect } from "@/lib/surfaces/public-site/selects";
import type { EventPageData } from "@/lib/surfaces/public-site/types";
import { isEventViewable, notExpiredWhere } from "@/lib/platform/site/visibility";

/**
 * The company's viewable event by its slug (unique per company), or null (unknown or not
 * viewable).
 */
export async function loadEventPage(eventSlug: string, companyId: string): Promise<EventPageData | null> {
  const row = await db.event.findUnique({
    where: { companyId_slug: { companyId, slug: eventSlug.toLowerCase() } },
    select: eventSelect,
  });
  // Not viewable is not found: "unavailable" with the owner's brand told anyone it existed.
  if (!row || !isEventViewable(row)) return null;
  const companyRow = await loadCompanyRow(row.companyId);
  if (!companyRow) return null;

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
