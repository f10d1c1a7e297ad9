import { describe, expect, it } from "vitest";
import { auditFilters, filterQuery, hasActiveFilters, leadFiltersSchema } from "@/lib/features/leads/schemas";
import { buildLeadWhere } from "@/lib/features/leads/where";

describe("leadFiltersSchema (URL search params)", () => {
  it("keeps valid filters", () => {
    expect(
      leadFiltersSchema.parse({
        q: "  ana ",
        contentId: "c1",
        eventId: "e1",
        from: "2026-11-01",
        to: "2026-11-30",
        cursor: "abc",
      }),
    ).toEqual({
      q: "ana",
      contentId: "c1",
      eventId: "e1",
      from: "2026-11-01",
      to: "2026-11-30",
      cursor: "abc",
    });
  });

  it("drops bad values instead of failing", () => {
    expect(
      leadFiltersSchema.parse({
        q: "x".repeat(101),
        contentId: ["a", "b"],
        eventId: "",
        from: "2026-02-31",
        before: ["a", "b"],
      }),
    ).toEqual({});
    expect(
      leadFiltersSchema.parse({
        from: "2026-13-45",
        to: "yesterday",
        cursor: "x".repeat(201),
      }),
    ).toEqual({});
    expect(leadFiltersSchema.parse({ q: "   ", page: "abc" })).toEqual({});
    expect(leadFiltersSchema.parse({})).toEqual({});
  });

  it("knows whether any filter is set, and keeps the search text out of the audit", () => {
    const filters = leadFiltersSchema.parse({ q: "ana@example.com", from: "2026-11-01", cursor: "abc" });
    expect(hasActiveFilters(filters)).toBe(true);
    expect(hasActiveFilters(leadFiltersSchema.parse({ cursor: "abc", before: "def" }))).toBe(false);
    expect(filterQuery(filters)).toEqual({
      q: "ana@example.com",
      contentId: undefined,
      eventId: undefined,
      from: "2026-11-01",
      to: undefined,
    });
    expect(auditFilters(filters)).toEqual({ search: true, from: "2026-11-01" });
    expect(JSON.stringify(auditFilters(filters))).not.toContain("ana");
  });
});

describe("buildLeadWhere", () => {
  it("always scopes by the company", () => {
    expect(buildLeadWhere("co1", {})).toEqual({ AND: [{ companyId: "co1" }] });
  });

  it("reads dates as UTC days with `to` included", () => {
    const where = buildLeadWhere("co1", { from: "2026-11-01", to: "2026-11-30" });
    expect(where.AND).toContainEqual({
      createdAt: { gte: new Date("2026-11-01T00:00:00Z"), lt: new Date("2026-12-01T00:00:00Z") },
    });
  });

  it("matches an event through the lead or its content's links", () => {
    const where = buildLeadWhere("co1", { eventId: "e1" });
    expect(where.AND).toContainEqual({
      OR: [{ eventId: "e1" }, { content: { events: { some: { eventId: "e1" } } } }],
    });
  });
});
