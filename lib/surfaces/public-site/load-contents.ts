import { db } from "@/lib/core/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { toPublicContent } from "@/lib/surfaces/public-site/mappers";
import {
  contentSelect,
  mediaSelect,
  type ContentRow,
  type MediaRow,
} from "@/lib/surfaces/public-site/selects";
import type { VersionIndex } from "@/lib/surfaces/public-site/texts";
import type { PublicContent } from "@/lib/surfaces/public-site/types";
import { fanMediaWhere, viewableContentWhere } from "@/lib/platform/site/visibility";

/** Full media rows for the covers (and, when `full`, every media) of the given contents. */
export async function mediaRows(rows: ContentRow[], full: boolean): Promise<Map<string, MediaRow>> {
  const out = new Map<string, MediaRow>();
  if (full) for (const row of rows) for (const m of row.mediaFiles as MediaRow[]) out.set(m.id, m);
  const wanted = new Set<string>();
  for (const row of rows) {
    if (row.coverMediaId) wanted.add(row.coverMediaId);
    // Fallback cover when none is set (or it is not ready): the first photo or video.
    const first = row.mediaFiles.find((m) => m.kind === "photo" || m.kind === "video");
    if (first) wanted.add(first.id);
  }
  const missing = [...wanted].filter((id) => !out.has(id));
  if (missing.length > 0) {
    const found = await db.mediaFile.findMany({
      where: { id: { in: missing }, ...fanMediaWhere },
      select: mediaSelect,
    });
    for (const m of found) out.set(m.id, m);
  }
  return out;
}

/** The viewable contents matching `where`, newest first, with their media (not yet mapped). */
export async function contentRowsOf(
  where: Prisma.ContentWhereInput,
  full: boolean,
): Promise<{ rows: ContentRow[]; media: Map<string, MediaRow> }> {
  const rows = await db.content.findMany({
    where: { AND: [where, viewableContentWhere] },
    orderBy: [{ publishedAt: "desc" }, { createdAt: "desc" }],
    select: contentSelect(full),
  });
  return { rows, media: await mediaRows(rows, full) };
}

/** Content rows as public DTOs, their texts with the page's versions. */
export function toContents(
  loaded: { rows: ContentRow[]; media: Map<string, MediaRow> },
  full: boolean,
  texts: { sourceLocale: string; versions: VersionIndex },
): PublicContent[] {
  return loaded.rows.map((row) => toPublicContent(row, loaded.media, full, texts));
}
