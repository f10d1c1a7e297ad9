import { db } from "@/lib/db";
import { loadBanners } from "@/lib/public/load-banners";
import { loadCompanyRow } from "@/lib/public/load-company";
import { contentRowsOf, toContents } from "@/lib/public/load-contents";
import { loadVersions } from "@/lib/public/load-versions";
import { toPublicCompany, toPublicEvent } from "@/lib/public/mappers";
import { eventSelect } from "@/lib/public/selects";
import type { LandingData } from "@/lib/public/types";
import { viewableEventWhere } from "@/lib/public/visibility";

/** A company's landing page: its viewable events, galleries (event contents) and resources. */
export async function loadLanding(companyId: string): Promise<LandingData | null> {
  const companyRow = await loadCompanyRow(companyId);
  if (!companyRow) return null;
  const [eventRows, loaded] = await Promise.all([
    db.event.findMany({
      where: { companyId, ...viewableEventWhere },
      orderBy: { startsAt: "desc" },
      select: eventSelect,
    }),
    contentRowsOf({ companyId }, false),
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
