import { describe, expect, it } from "vitest";
import { addAggregate, emptyMetrics } from "@/lib/features/analytics/metrics";
import {
  addDays,
  dayIn,
  daysIn,
  eachDay,
  lastDays,
  MAX_RANGE_DAYS,
  parseAnalyticsParams,
  rangeErrorField,
  splitAtWatermark,
} from "@/lib/features/analytics/range";

const now = new Date("2026-11-22T23:30:00Z");

describe("parseAnalyticsParams", () => {
  it("defaults to the last 30 days (UTC), by content", () => {
    expect(parseAnalyticsParams({}, now)).toEqual({
      ok: true,
      params: { from: "2026-10-24", to: "2026-11-22", by: "content" },
    });
  });

  it("fills a missing end from the other one", () => {
    expect(parseAnalyticsParams({ from: "2026-11-01" }, now)).toMatchObject({
      params: { from: "2026-11-01", to: "2026-11-22" },
    });
    expect(parseAnalyticsParams({ to: "2026-03-30", by: "event" }, now)).toMatchObject({
      params: { from: "2026-03-01", to: "2026-03-30", by: "event" },
    });
    // A range in the future is a single day, not an error.
    expect(parseAnalyticsParams({ from: "2026-12-05" }, now)).toMatchObject({
      params: { from: "2026-12-05", to: "2026-12-05" },
    });
  });

  it("takes the first of repeated parameters and treats empty ones as missing", () => {
    expect(parseAnalyticsParams({ from: ["2026-11-20", "2020-01-01"], to: "" }, now)).toMatchObject({
      params: { from: "2026-11-20", to: "2026-11-22" },
    });
  });

  it("names what is wrong", () => {
    expect(parseAnalyticsParams({ from: "2026-02-31" }, now)).toEqual({ ok: false, error: "invalidDate" });
    expect(parseAnalyticsParams({ to: "22/11/2026" }, now)).toEqual({ ok: false, error: "invalidDate" });
    // PostgreSQL has no year 0: such a day must never reach a query.
    expect(parseAnalyticsParams({ from: "0000-01-01", to: "0000-01-05" }, now)).toEqual({
      ok: false,
      error: "invalidDate",
    });
    expect(parseAnalyticsParams({ from: "3000-01-01" }, now)).toEqual({ ok: false, error: "invalidDate" });
    expect(parseAnalyticsParams({ from: "2026-11-10", to: "2026-11-09" }, now)).toEqual({
      ok: false,
      error: "fromAfterTo",
    });
    expect(parseAnalyticsParams({ by: "people" }, now)).toEqual({ ok: false, error: "invalidBreakdown" });
    const to = "2026-11-22";
    expect(parseAnalyticsParams({ from: addDays(to, -(MAX_RANGE_DAYS - 1)), to }, now)).toMatchObject({
      ok: true,
    });
    expect(parseAnalyticsParams({ from: addDays(to, -MAX_RANGE_DAYS), to }, now)).toEqual({
      ok: false,
      error: "tooLong",
    });
  });
});

describe("rangeErrorField", () => {
  it("names the parameter the error is about", () => {
    expect(rangeErrorField("invalidBreakdown", { by: "x" })).toBe("by");
    expect(rangeErrorField("invalidDate", { from: "2026-02-31", to: "2026-03-01" })).toBe("from");
    expect(rangeErrorField("invalidDate", { from: "2026-02-01", to: "nope" })).toBe("to");
    expect(rangeErrorField("fromAfterTo", {})).toBe("from");
  });
});

describe("day arithmetic", () => {
  it("counts and lists days across month, year and leap-day boundaries", () => {
    expect(daysIn({ from: "2028-02-27", to: "2028-03-01" })).toBe(4);
    expect(eachDay({ from: "2026-12-30", to: "2027-01-02" })).toEqual([
      "2026-12-30",
      "2026-12-31",
      "2027-01-01",
      "2027-01-02",
    ]);
    expect(eachDay({ from: "2026-11-22", to: "2026-11-22" })).toEqual(["2026-11-22"]);
    expect(lastDays(7, now)).toEqual({ from: "2026-11-16", to: "2026-11-22" });
  });

  it("finds an event's day where it takes place", () => {
    const evening = new Date("2026-07-19T00:30:00Z"); // 21:30 on the 18th in São Paulo
    expect(dayIn(evening, "America/Sao_Paulo")).toBe("2026-07-18");
    expect(dayIn(evening, "Europe/Lisbon")).toBe("2026-07-19");
    expect(dayIn(evening, "Not/AZone")).toBe("2026-07-19");
  });
});

describe("splitAtWatermark", () => {
  const range = { from: "2026-11-01", to: "2026-11-10" };
  it("reads everything raw before the first roll-up or when the range is after it", () => {
    expect(splitAtWatermark(range, null)).toEqual({ rolled: null, raw: range });
    expect(splitAtWatermark(range, "2026-10-31")).toEqual({ rolled: null, raw: range });
  });
  it("reads everything rolled up when the watermark is at or after the end", () => {
    expect(splitAtWatermark(range, "2026-11-10")).toEqual({ rolled: range, raw: null });
    expect(splitAtWatermark(range, "2026-12-01")).toEqual({ rolled: range, raw: null });
  });
  it("splits at the watermark without losing or repeating a day", () => {
    expect(splitAtWatermark(range, "2026-11-01")).toEqual({
      rolled: { from: "2026-11-01", to: "2026-11-01" },
      raw: { from: "2026-11-02", to: "2026-11-10" },
    });
    expect(splitAtWatermark(range, "2026-11-09")).toEqual({
      rolled: { from: "2026-11-01", to: "2026-11-09" },
      raw: { from: "2026-11-10", to: "2026-11-10" },
    });
  });
});

describe("addAggregate", () => {
  it("nets likes against unlikes and sums watch-time seconds", () => {
    const m = emptyMetrics();
    addAggregate(m, "like", 5, 5);
    addAggregate(m, "unlike", 2, 2);
    addAggregate(m, "watch_time", 3, 45);
    addAggregate(m, "lead", 1, 1);
    expect(m).toMatchObject({ likes: 3, watchSeconds: 45, leads: 1, views: 0 });
  });
});
