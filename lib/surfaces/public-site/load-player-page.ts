import { db } from "@/lib/core/db";
import { loadCompanyRow } from "@/lib/surfaces/public-site/load-company";
import { mediaRows } from "@/lib/surfaces/public-site/load-contents";
import { loadVersions } from "@/lib/surfaces/public-site/load-versions";
import { toPublicCompany, toPublicContent, toPublicEvent } from "@/lib/surfaces/public-site/mappers";
import { contentSelect, eventSelect } from "@/lib/surfaces/public-site/selects";
import type { PlayerPageData } from "@/lib/surfaces/public-site/types";
import { isContentViewable, isEventViewable } from "@/lib/platform/site/visibility";

/** A viewable content's player page, with the viewable events it belongs to; null otherwise. */
export async function loadPlayerPage(contentId: string, companyId?: string): Promise<PlayerPageData | null> {
  const row = await db.content.findUnique({ where: { id: contentId }, select: contentSelect(true) });
  // Not viewable is not found, exactly like an unknown id (see `PlayerPageData`).
  if (!row || (companyId && row.companyId !== companyId) || !isContentViewable(row)) return null;
  const companyRow = await loadCompanyRow(row.companyId);
  if (!companyRow) return null;
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
