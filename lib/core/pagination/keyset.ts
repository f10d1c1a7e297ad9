import { z } from "zod";
import { isRecordIdShape } from "@/lib/core/validation/common";

/**
 * Keyset pagination: a list ordered by a timestamp column, then by id to break ties, continues
 * after (or before) the last row it showed rather than skipping a number of rows. So pages never
 * overlap or skip a row however many rows are added or removed meanwhile, and a late page costs
 * what the first does (with an index on the scope's columns, the timestamp and the id).
 * The cursor clients see is opaque (base64url of a row's position).
 */
export type Direction = "asc" | "desc";

/** A list's order: `field` (a timestamp column), then `id` among rows of the same instant. */
export interface KeysetOrder<F extends string = string> {
  field: F;
  direction: Direction;
  idDirection: Direction;
}

/** A row of a list in `order`: its id and its timestamp. */
export type KeysetRow<F extends string> = { id: string } & { [K in F]: Date };

/** The position of a row in the list's order (the timestamp is the order's field). */
export interface KeysetPosition {
  createdAt: Date;
  id: string;
}

export const NEWEST_FIRST = {
  field: "createdAt",
  direction: "desc",
  idDirection: "desc",
} as const satisfies KeysetOrder<"createdAt">;

export type KeysetOrderBy<F extends string> = ({ [K in F]: Direction } | { id: Direction })[];

/** The Prisma `orderBy` of an order. */
export function orderByOf<F extends string>(order: KeysetOrder<F>): KeysetOrderBy<F> {
  return [{ [order.field]: order.direction } as { [K in F]: Direction }, { id: order.idDirection }];
}

/** The `orderBy` of `NEWEST_FIRST`. */
export const newestFirst = orderByOf(NEWEST_FIRST);

export function encodeCursor(position: KeysetPosition): string {
  return Buffer.from(`${position.createdAt.toISOString()}|${position.id}`, "utf8").toString("base64url");
}

/** Timestamps PostgreSQL stores (1970 to 9999): a cursor outside them was not ours. */
const LATEST_MS = Date.UTC(9999, 11, 31);

/**
 * The position, or null for a cursor that was not ours (the list then starts from the top). The
 * id must have a record id's shape and the time PostgreSQL's range: a NUL byte or the year
 * -100000 would otherwise reach the database and come back as a 500.
 */
export function decodeCursor(value: string | null | undefined): KeysetPosition | null {
  if (!value) return null;
  const [iso, id, ...rest] = Buffer.from(value, "base64url").toString("utf8").split("|");
  const createdAt = new Date(iso ?? "");
  const ms = createdAt.getTime();
  if (!id || rest.length > 0 || !isRecordIdShape(id) || !(ms >= 0 && ms <= LATEST_MS)) return null;
  return { createdAt, id };
}

const flip = (direction: Direction): Direction => (direction === "asc" ? "desc" : "asc");

/**
 * The Prisma filter for the rows strictly after `position` in `order` (before it with
 * `side: "before"`). The bound on the timestamp alone repeats what the OR says: it is what an
 * index range can use, where the OR alone would have the database read the list from its top.
 */
export function beyondPosition<F extends string>(
  order: KeysetOrder<F>,
  position: KeysetPosition,
  side: "after" | "before" = "after",
) {
  const past = (direction: Direction) => ((side === "after") === (direction === "desc") ? "lt" : "gt");
  const at = position.createdAt;
  const fieldPast = past(order.direction);
  return {
    AND: [
      { [order.field]: { [fieldPast === "lt" ? "lte" : "gte"]: at } },
      {
        OR: [
          { [order.field]: { [fieldPast]: at } },
          { [order.field]: at, id: { [past(order.idDirection)]: position.id } },
        ],
      },
    ],
  };
}

/** The Prisma filter for the rows strictly after `position` in newest-first order. */
export function afterPosition(position: KeysetPosition) {
  return beyondPosition(NEWEST_FIRST, position);
}

/** `where` narrowed to the rows after the cursor (unchanged without one). */
export function whereAfter<W extends object>(
  where: W,
  position: KeysetPosition | null,
  order: KeysetOrder = NEWEST_FIRST,
  side: "after" | "before" = "after",
): W {
  return position ? ({ AND: [where, beyondPosition(order, position, side)] } as W) : where;
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

/**
 * A list's cursors as they come in its URL: `cursor`, the page after a row; `before`, the page
 * before one. One too long to be ours is dropped like one that does not decode: the list then
 * starts from the top.
 */
const cursorParam = z.string().max(200).optional().catch(undefined);
export const keysetParams = { cursor: cursorParam, before: cursorParam };

export interface KeysetRequest {
  cursor?: string;
  before?: string;
}

/** Where a page sits: the cursors of its neighbours, for "previous" and "next" links. */
export interface KeysetLinks {
  /** The list's first page: nothing before it. */
  atStart: boolean;
  /** The page before (`?before=`); null at the start, and on a page past the end (its previous is the first). */
  previousCursor: string | null;
  /** The page after (`?cursor=`), or null on the last. */
  nextCursor: string | null;
}

type FindPage<F extends string, W, T> = (args: {
  where: W;
  orderBy: KeysetOrderBy<F>;
  take: number;
}) => Promise<T[]>;

const positionOf = <F extends string>(order: KeysetOrder<F>, row: KeysetRow<F>): KeysetPosition => ({
  createdAt: row[order.field],
  id: row.id,
});

/**
 * One page of `limit` rows of `where` in `order`, after `request.cursor` or before
 * `request.before` (an unreadable one is ignored), in one query that `find` runs with the filter,
 * order and size given. A page before that reaches the top is the list's start however few rows
 * it has (rows removed meanwhile): filling it from the rows after would show those twice.
 */
export async function keysetSlice<F extends string, W extends object, T extends KeysetRow<F>>(options: {
  order: KeysetOrder<F>;
  where: W;
  request: KeysetRequest;
  limit: number;
  find: FindPage<F, W, T>;
}): Promise<KeysetLinks & { rows: T[] }> {
  const { order, where, limit, find } = options;
  const cursorOf = (row: T | undefined) => (row ? encodeCursor(positionOf(order, row)) : null);
  const before = decodeCursor(options.request.before);
  if (before) {
    const reversed = { ...order, direction: flip(order.direction), idDirection: flip(order.idDirection) };
    const rows = await find({
      where: whereAfter(where, before, order, "before"),
      orderBy: orderByOf(reversed),
      take: limit + 1,
    });
    // Nothing before it (all removed): the first page.
    if (rows.length > 0) {
      const shown = rows.slice(0, limit).reverse();
      const atStart = rows.length <= limit;
      return {
        rows: shown,
        atStart,
        previousCursor: atStart ? null : cursorOf(shown[0]),
        // The row the cursor named (or the ones after it) follows.
        nextCursor: cursorOf(shown.at(-1)),
      };
    }
  }
  const after = before ? null : decodeCursor(options.request.cursor);
  const rows = await find({
    where: whereAfter(where, after, order),
    orderBy: orderByOf(order),
    take: limit + 1,
  });
  const shown = rows.slice(0, limit);
  return {
    rows: shown,
    atStart: after === null,
    previousCursor: after === null ? null : cursorOf(shown[0]),
    nextCursor: rows.length > limit ? cursorOf(shown.at(-1)) : null,
  };
}

/**
 * A list's filters without its page cursors, as one string: the key that makes a filters form
 * start again from the URL when the filters change (a client navigation keeps uncontrolled
 * fields otherwise), and only then — paging keeps what is being typed.
 */
export function filtersKey(filters: object): string {
  const { cursor: _cursor, before: _before, ...rest } = filters as KeysetRequest & Record<string, unknown>;
  return JSON.stringify(rest);
}
