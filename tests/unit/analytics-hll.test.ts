import { describe, expect, it } from "vitest";
import {
  DIRECT_KEY,
  OTHER_KEY,
  buildSourceRows,
  labelSourceRows,
} from "@/lib/features/analytics/source-rows";
import { SOURCE_CSV_COLUMNS, sourceCsv } from "@/lib/features/analytics/csv";
import { emptyCounters, type Counters } from "@/lib/features/analytics/dimensions";
import { HLL_REGISTERS, HyperLogLog, estimateTriplets } from "@/lib/features/analytics/hll";
import { monthsAndDays, parseAnalyticsParams } from "@/lib/features/analytics/range";

function sketchOf(values: Iterable<string>): HyperLogLog {
  const hll = new HyperLogLog();
  for (const v of values) hll.add(v);
  return hll;
}

const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

describe("HyperLogLog", () => {
  it("counts small sets closely (linear counting) and ignores repeats", () => {
    expect(new HyperLogLog().estimate()).toBe(0);
    expect(sketchOf(["a"]).estimate()).toBe(1);
    const hundred = sketchOf([...ids("v", 100), ...ids("v", 100)]).estimate();
    expect(Math.abs(hundred - 100)).toBeLessThanOrEqual(2);
  });

  it.each([1_000, 10_000, 50_000])("estimates %i distinct values within 5 %", (n) => {
    const estimate = sketchOf(ids("visitor-", n)).estimate();
    expect(Math.abs(estimate - n) / n).toBeLessThan(0.05);
  });

  it("merges: the union of two sketches is the sketch of the union", () => {
    const a = ids("x", 30_000);
    const b = ids("x", 50_000).slice(20_000); // 10 000 shared
    const merged = sketchOf(a);
    merged.merge(sketchOf(b));
    expect(merged.registers).toEqual(sketchOf([...a, ...b]).registers);
    expect(Math.abs(merged.estimate() - 50_000) / 50_000).toBeLessThan(0.05);
  });

  it("round-trips through the sparse triplets, and concatenated triplets are the union", () => {
    const a = sketchOf(ids("a", 5_000));
    const b = sketchOf(ids("b", 3_000));
    const decoded = new HyperLogLog();
    decoded.mergeTriplets(a.toTriplets());
    expect(decoded.registers).toEqual(a.registers);
    a.merge(b);
    const both = new Uint8Array([...sketchOf(ids("a", 5_000)).toTriplets(), ...b.toTriplets()]);
    expect(estimateTriplets(both)).toBe(a.estimate());
    expect(a.toTriplets().length).toBeLessThanOrEqual(HLL_REGISTERS * 3);
  });

  it("refuses bytes that are not triplets", () => {
    expect(() => new HyperLogLog().mergeTriplets(new Uint8Array([1, 2]))).toThrow(/triplet/);
  });
});

describe("monthsAndDays", () => {
  it("keeps a range within one month as days", () => {
    expect(monthsAndDays({ from: "2026-03-05", to: "2026-03-30" })).toEqual({
      months: [],
      days: [{ from: "2026-03-05", to: "2026-03-30" }],
    });
  });

  it("reads whole months as months and the edges as days", () => {
    expect(monthsAndDays({ from: "2025-11-25", to: "2026-03-02" })).toEqual({
      months: ["2025-12-01", "2026-01-01", "2026-02-01"],
      days: [
        { from: "2025-11-25", to: "2025-11-30" },
        { from: "2026-03-01", to: "2026-03-02" },
      ],
    });
  });

  it("needs no edge days when the range is whole months", () => {
    expect(monthsAndDays({ from: "2026-02-01", to: "2026-02-28" })).toEqual({
      months: ["2026-02-01"],
      days: [],
    });
  });
});

describe("figures by source", () => {
  it("is a breakdown of the page and the CSV", () => {
    const parsed = parseAnalyticsParams({ by: "source", from: "2026-11-01", to: "2026-11-20" });
    expect(parsed).toEqual({ ok: true, params: { from: "2026-11-01", to: "2026-11-20", by: "source" } });
    expect(parseAnalyticsParams({ by: "sources" })).toEqual({ ok: false, error: "invalidBreakdown" });
  });

  const c = (values: Partial<Counters>): Counters => ({ ...emptyCounters(), ...values });

  it("groups by stored source, direct for none, most viewed first, labelled", () => {
    const counters = new Map<string | null, Counters>([
      ["", c({ views: 3, leads: 1 })],
      ["ch:whatsapp", c({ views: 5, likes: 2, shares: 1 })],
      ["qr:abcdefgh12", c({ views: 3, leads: 2 })],
      ["ref:gone.example", c({ likes: 0 })],
    ]);
    const unique = new Map([
      ["", 2],
      ["ch:whatsapp", 4],
      ["qr:abcdefgh12", 3],
    ]);
    const labels = new Map([
      [DIRECT_KEY, DIRECT_KEY],
      ["ch:whatsapp", "WhatsApp"],
      ["qr:abcdefgh12", "QR · entrance"],
    ]);
    const rows = labelSourceRows(buildSourceRows(counters, unique), labels);
    expect(rows.map((r) => [r.source, r.label, r.views, r.uniqueVisitors, r.leads])).toEqual([
      ["ch:whatsapp", "WhatsApp", 5, 4, 0],
      ["qr:abcdefgh12", "QR · entrance", 3, 3, 2],
      [DIRECT_KEY, DIRECT_KEY, 3, 2, 1],
    ]);
  });

  it("sums the least viewed sources into one `other` row past the cap (sources are typed by the world)", () => {
    const counters = new Map<string | null, Counters>(
      Array.from(
        { length: 60 },
        (_, i) => [`utm:made-up-${i}`, c({ views: 100 - i, leads: i % 2 })] as const,
      ),
    );
    const unique = new Map(Array.from({ length: 60 }, (_, i) => [`utm:made-up-${i}`, 1] as const));
    const rows = buildSourceRows(counters, unique, 50);
    expect(rows).toHaveLength(50);
    expect(rows[48]?.source).toBe("utm:made-up-48");
    const other = rows[49]!;
    expect(other.source).toBe(OTHER_KEY);
    // Rows 49..59: views 51..41, one unique visitor each, leads on the odd ones.
    expect([other.views, other.uniqueVisitors, other.leads]).toEqual([506, 11, 6]);
  });

  it("writes the CSV with the contract's exact header", () => {
    const csv = sourceCsv([
      {
        source: "ch:whatsapp",
        label: "WhatsApp",
        views: 5,
        uniqueVisitors: 4,
        likes: 2,
        shares: 1,
        downloads: 0,
        leads: 0,
      },
    ]);
    expect(SOURCE_CSV_COLUMNS.join(",")).toBe(
      "source,label,views,unique_visitors,likes,shares,downloads,leads",
    );
    expect(csv).toBe(
      "\uFEFFsource,label,views,unique_visitors,likes,shares,downloads,leads\r\nch:whatsapp,WhatsApp,5,4,2,1,0,0\r\n",
    );
  });
});
