import { db } from "@/lib/core/db";
import { loadBanners } from "@/lib/surfaces/public-site/load-banners";
import { loadCompanyRow } from "@/lib/surfaces/public-site/load-company";
import { contentRowsOf, toContents } from "@/lib/surfaces/public-site/load-contents";
import { loadVersions } from "@/lib/surfaces/public-site/load-versions";
import { toPublicCompany, toPublicEvent } from "@/lib/surfaces/public-site/mappers";
import { eventSelect } from "@/lib/surfaces/public-site/selects";
import type { LandingData } from "@/lib/surfaces/public-site/types";
import { listedContentWhere, listedEventWhere } from "@/lib/platform/site/visibility";

/** A company's landing page: its viewable events, galleries (event contents) and resources. */
export async function loadLanding(companyId: string): Promise<LandingData | null> {
  const companyRow = await loadCompanyRow(companyId);
  if (!companyRow) return null;
  const [eventRows, loaded] = await Promise.all([
    db.event.findMany({
      where: { companyId, ...listedEventWhere },
      orderBy: { startsAt: "desc" },
      select: eventSelect,
    }),
    contentRowsOf({ companyId, ...listedContentWhere() }, false),
  ]);
  const [versions, banners] = await Promise.all([
    loadVersions(companyId, { events: eventRows.map((e) => e.id), contents: loaded.rows.map((c) => c.id) }),
    loadBanners(eventRows),
  ]);
  const texts = { sourceLocale: companyRow.sourceLocale, versions };
  const contents = toContents(loaded, false, texts);
  const events = eventRows.map((row) =>
    toPublicEvent(
      row,
      contents.filter((c) => c.eventSlugs.includes(row.slug)),
      texts,
      banners,
    ),
  );
  return {
    company: toPublicCompany(companyRow, versions),
    events,
    galleries: contents.filter((c) => c.eventSlugs.length > 0),
    resources: contents.filter((c) => c.eventSlugs.length === 0),
  };
}
