import { db } from "@/lib/db";
import { loadCompany } from "@/lib/public/load-company";
import { mediaRows } from "@/lib/public/load-contents";
import { toPublicContent, toPublicEvent } from "@/lib/public/mappers";
import { contentSelect, eventSelect } from "@/lib/public/selects";
import type { PlayerPageData } from "@/lib/public/types";
import { isContentViewable, isEventViewable } from "@/lib/public/visibility";

/** A viewable content's player page, with the viewable events it belongs to; null otherwise. */
export async function loadPlayerPage(contentId: string, companyId?: string): Promise<PlayerPageData | null> {
  const row = await db.content.findUnique({ where: { id: contentId }, select: contentSelect(true) });
  // Not viewable is not found, exactly like an unknown id (see `PlayerPageData`).
  if (!row || (companyId && row.companyId !== companyId) || !isContentViewable(row)) return null;
  const company = await loadCompany(row.companyId);
  if (!company) return null;
  const media = await mediaRows([row], true);
  const content = toPublicContent(row, media, true);
  const eventIds = row.events.filter((l) => isEventViewable(l.event)).map((l) => l.event.id);
  const eventRows = eventIds.length
    ? await db.event.findMany({
        where: { id: { in: eventIds } },
        orderBy: { startsAt: "desc" },
        select: eventSelect,
      })
    : [];
  return { state: "ok", company, content, events: eventRows.map((e) => toPublicEvent(e, [])) };
}
