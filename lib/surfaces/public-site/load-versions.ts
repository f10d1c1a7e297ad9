import { db } from "@/lib/core/db";
import { indexVersions, versionRecordSelect, type VersionIndex } from "@/lib/surfaces/public-site/texts";

/**
 * Every version of the organiser's texts a page shows, in one query: the company's, its
 * events' and contents' (each branch reads the unique key's (entity, entityId) prefix).
 * Scoped by the company too: a page never reads another tenant's rows.
 */
export async function loadVersions(
  companyId: string,
  ids: { events?: readonly string[]; contents?: readonly string[] } = {},
): Promise<VersionIndex> {
  const events = [...new Set(ids.events ?? [])];
  const contents = [...new Set(ids.contents ?? [])];
  const rows = await db.textTranslation.findMany({
    where: {
      companyId,
      text: { not: null },
      OR: [
        { entity: "company", entityId: companyId },
        ...(events.length ? [{ entity: "event" as const, entityId: { in: events } }] : []),
        ...(contents.length ? [{ entity: "content" as const, entityId: { in: contents } }] : []),
      ],
    },
    select: versionRecordSelect,
  });
  return indexVersions(rows);
}
