import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  afterPosition,
  beyondPosition,
  decodeCursor,
  encodeCursor,
  keysetPage,
  keysetParams,
  orderByOf,
  whereAfter,
  filtersKey,
} from "@/lib/core/pagination/keyset";

describe("keyset pagination", () => {
  const createdAt = new Date("2026-11-01T10:00:00.123Z");

  it("round-trips a position through an opaque cursor", () => {
    const cursor = encodeCursor({ createdAt, id: "c1" });
    expect(cursor).not.toContain("2026");
    expect(decodeCursor(cursor)).toEqual({ createdAt, id: "c1" });
  });

  it("ignores cursors that are not ours", () => {
    expect(decodeCursor(undefined)).toBeNull();
    expect(decodeCursor("")).toBeNull();
    expect(decodeCursor("not-a-cursor")).toBeNull();
    expect(decodeCursor(Buffer.from("yesterday|x").toString("base64url"))).toBeNull();
    // Would reach PostgreSQL and fail there (a 500 on the public comments list): a NUL in the id,
    // a year outside its range, more than two parts.
    const forged = (text: string) => decodeCursor(Buffer.from(text).toString("base64url"));
    expect(forged("2026-01-01T00:00:00.000Z|\u0000")).toBeNull();
    expect(forged("2026-01-01T00:00:00.000Z|a b")).toBeNull();
    expect(forged(`${new Date(Date.UTC(-100000, 0, 1)).toISOString()}|c1`)).toBeNull();
    expect(forged("2026-01-01T00:00:00.000Z|c1|x")).toBeNull();
    expect(forged("2026-01-01T00:00:00.000Z|c1")).toEqual({
      createdAt: new Date("2026-01-01T00:00:00.000Z"),
      id: "c1",
    });
  });

  it("continues after a position with the id as tie-breaker, bounded for an index range", () => {
    expect(afterPosition({ createdAt, id: "b" })).toEqual({
      AND: [
        { createdAt: { lte: createdAt } },
        { OR: [{ createdAt: { lt: createdAt } }, { createdAt, id: { lt: "b" } }] },
      ],
    });
    expect(whereAfter({ companyId: "co" }, null)).toEqual({ companyId: "co" });
    expect(whereAfter({ companyId: "co" }, { createdAt, id: "b" })).toEqual({
      AND: [{ companyId: "co" }, afterPosition({ createdAt, id: "b" })],
    });
  });

  it("follows any order: a column, then the id the same or the other way, after or before", () => {
    const order = { field: "startsAt", direction: "desc", idDirection: "asc" } as const;
    expect(orderByOf(order)).toEqual([{ startsAt: "desc" }, { id: "asc" }]);
    const at = { createdAt, id: "b" };
    expect(beyondPosition(order, at)).toEqual({
      AND: [
        { startsAt: { lte: createdAt } },
        { OR: [{ startsAt: { lt: createdAt } }, { startsAt: createdAt, id: { gt: "b" } }] },
      ],
    });
    expect(beyondPosition(order, at, "before")).toEqual({
      AND: [
        { startsAt: { gte: createdAt } },
        { OR: [{ startsAt: { gt: createdAt } }, { startsAt: createdAt, id: { lt: "b" } }] },
      ],
    });
    expect(whereAfter({ companyId: "co" }, at, order, "before")).toEqual({
      AND: [{ companyId: "co" }, beyondPosition(order, at, "before")],
    });
  });

  it("takes the cursors of a URL, dropping one too long to be ours", () => {
    const params = z.object(keysetParams);
    const cursor = encodeCursor({ createdAt, id: "c1" });
    expect(params.parse({ cursor, before: "x".repeat(201) })).toEqual({ cursor });
    expect(params.parse({ cursor: ["a", "b"] })).toEqual({});
    expect(params.parse({})).toEqual({});
  });

  it("cuts a page and says whether there is more", () => {
    const rows = [3, 2, 1].map((n) => ({ createdAt: new Date(n * 1000), id: `r${n}` }));
    const full = keysetPage(rows, 2);
    expect(full.rows.map((r) => r.id)).toEqual(["r3", "r2"]);
    expect(decodeCursor(full.nextCursor)).toEqual({ createdAt: new Date(2000), id: "r2" });
    expect(keysetPage(rows, 3)).toEqual({ rows, nextCursor: null });
    expect(keysetPage([], 3)).toEqual({ rows: [], nextCursor: null });
  });
});

describe("filtersKey", () => {
  it("changes with the filters and not with the page", () => {
    const filters = { q: "ana", from: "2026-11-01", cursor: undefined, before: undefined };
    expect(filtersKey({ ...filters, cursor: "c1" })).toBe(filtersKey(filters));
    expect(filtersKey({ ...filters, before: "c2" })).toBe(filtersKey(filters));
    expect(filtersKey({ ...filters, q: "rui" })).not.toBe(filtersKey(filters));
    expect(filtersKey({ ...filters, q: undefined })).not.toBe(filtersKey(filters));
  });
});
