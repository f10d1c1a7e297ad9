/**
 * Keyset pagination over (createdAt desc, id desc): the id breaks ties, so pages and export
 * batches never overlap or skip a row, however many rows are added or removed meanwhile.
 * The cursor clients see is opaque (base64url of the last row's position).
 */
export interface KeysetPosition {
  createdAt: Date;
  id: string;
}

export const newestFirst = [{ createdAt: "desc" }, { id: "desc" }] as const satisfies readonly Record<
  string,
  "asc" | "desc"
>[];

export function encodeCursor(position: KeysetPosition): string {
  return Buffer.from(`${position.createdAt.toISOString()}|${position.id}`, "utf8").toString("base64url");
}

/** The position, or null for a cursor that was not ours (the list then starts from the top). */
export function decodeCursor(value: string | null | undefined): KeysetPosition | null {
  if (!value) return null;
  const [iso, id] = Buffer.from(value, "base64url").toString("utf8").split("|");
  const createdAt = new Date(iso ?? "");
  if (!id || Number.isNaN(createdAt.getTime())) return null;
  return { createdAt, id };
}

/** The Prisma filter for the rows strictly after `position` in newest-first order. */
export function afterPosition(position: KeysetPosition) {
  return {
    OR: [
      { createdAt: { lt: position.createdAt } },
      { createdAt: position.createdAt, id: { lt: position.id } },
    ],
  };
}

/** `where` narrowed to the rows after the cursor (unchanged without one). */
export function whereAfter<W extends object>(where: W, position: KeysetPosition | null): W {
  return position ? ({ AND: [where, afterPosition(position)] } as W) : where;
}

/** A page from `limit + 1` fetched rows: the extra row only says whether there is more. */
export function keysetPage<T extends KeysetPosition>(
  rows: readonly T[],
  limit: number,
): { rows: T[]; nextCursor: string | null } {
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return { rows: shown, nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
}
