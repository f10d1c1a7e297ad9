import { db } from "@/lib/db";
import { loadCompany } from "@/lib/public/load-company";
import { contentsOf } from "@/lib/public/load-contents";
import { toPublicEvent } from "@/lib/public/mappers";
import { eventSelect } from "@/lib/public/selects";
import type { LandingData } from "@/lib/public/types";
import { viewableEventWhere } from "@/lib/public/visibility";

/** A company's landing page: its viewable events, galleries (event contents) and resources. */
export async function loadLanding(companyId: string): Promise<LandingData | null> {
  const company = await loadCompany(companyId);
  if (!company) return null;
  const [eventRows, contents] = await Promise.all([
    db.event.findMany({
      where: { companyId, ...viewableEventWhere },
      orderBy: { startsAt: "desc" },
      select: eventSelect,
    }),
    contentsOf({ companyId }, false),
  ]);
  const events = eventRows.map((row) =>
    toPublicEvent(
      row,
      contents.filter((c) => c.eventSlugs.includes(row.slug)),
    ),
  );
  return {
    company,
    events,
    galleries: contents.filter((c) => c.eventSlugs.length > 0),
    resources: contents.filter((c) => c.eventSlugs.length === 0),
  };
}
