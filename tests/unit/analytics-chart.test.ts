import { describe, expect, it } from "vitest";
import {
  areaPath,
  barPercent,
  chartGeometry,
  dayTickIndexes,
  DEFAULT_BOX,
  linePath,
  niceStep,
  peakIndex,
  valueScale,
} from "@/components/analytics/chart-geometry";

const numbersIn = (path: string) => (path.match(/-?\d+(\.\d+)?/g) ?? []).map(Number);

describe("value axis", () => {
  it("rounds steps up to 1, 2 or 5 × 10^k, never below 1", () => {
    expect([0, 0.3, 1, 1.5, 3, 7, 12, 40, 230, 999].map(niceStep)).toEqual([
      1, 1, 1, 2, 5, 10, 20, 50, 500, 1000,
    ]);
  });

  it("goes from 0 to a round top just above the largest value", () => {
    expect(valueScale(7)).toEqual({ max: 8, ticks: [0, 2, 4, 6, 8] });
    expect(valueScale(100)).toEqual({ max: 100, ticks: [0, 50, 100] });
    expect(valueScale(1)).toEqual({ max: 1, ticks: [0, 1] });
    expect(valueScale(1234).max).toBeGreaterThanOrEqual(1234);
    expect(valueScale(1234).ticks.length).toBeLessThanOrEqual(6);
  });

  it("has a unit axis when every value is zero (or not a number)", () => {
    expect(valueScale(0)).toEqual({ max: 1, ticks: [0, 1] });
    expect(valueScale(Number.NaN)).toEqual({ max: 1, ticks: [0, 1] });
    expect(valueScale(-4)).toEqual({ max: 1, ticks: [0, 1] });
  });
});

describe("day axis", () => {
  it("labels the first and last day and a few evenly spread between", () => {
    expect(dayTickIndexes(30)).toEqual([0, 7, 15, 22, 29]);
    expect(dayTickIndexes(7)).toEqual([0, 2, 3, 5, 6]);
    expect(dayTickIndexes(3)).toEqual([0, 1, 2]);
    expect(dayTickIndexes(2)).toEqual([0, 1]);
  });

  it("handles one day and no days", () => {
    expect(dayTickIndexes(1)).toEqual([0]);
    expect(dayTickIndexes(0)).toEqual([]);
  });
});

describe("chart geometry", () => {
  it("spans the plot area from the first day to the last", () => {
    const g = chartGeometry(30, 7);
    expect(g.x(0)).toBe(DEFAULT_BOX.left);
    expect(g.x(29)).toBe(DEFAULT_BOX.width - DEFAULT_BOX.right);
    expect(g.y(0)).toBe(DEFAULT_BOX.height - DEFAULT_BOX.bottom);
    expect(g.y(g.yMax)).toBe(DEFAULT_BOX.top);
    expect(g.xTicks.map((t) => t.anchor)).toEqual(["start", "middle", "middle", "middle", "end"]);
    expect(g.yTicks.map((t) => t.value)).toEqual([0, 2, 4, 6, 8]);
  });

  it("draws an all-zero series on the baseline, without NaN", () => {
    const g = chartGeometry(30, 0);
    const path = linePath(new Array(30).fill(0), g);
    expect(path).not.toMatch(/NaN|Infinity/);
    expect(path.startsWith(`M${DEFAULT_BOX.left} ${DEFAULT_BOX.height - DEFAULT_BOX.bottom}`)).toBe(true);
    expect(new Set(numbersIn(path).filter((_, i) => i % 2 === 1))).toEqual(
      new Set([DEFAULT_BOX.height - DEFAULT_BOX.bottom]),
    );
  });

  it("puts a single day in the middle, with one centred label and no area", () => {
    const g = chartGeometry(1, 5);
    const middle = DEFAULT_BOX.left + (DEFAULT_BOX.width - DEFAULT_BOX.left - DEFAULT_BOX.right) / 2;
    expect(g.x(0)).toBe(middle);
    expect(linePath([5], g)).toBe(`M${middle} ${g.y(5)}`);
    expect(areaPath([5], g)).toBe("");
    expect(g.xTicks).toEqual([{ index: 0, position: middle, anchor: "middle" }]);
  });

  it("has nothing to draw for no days", () => {
    const g = chartGeometry(0, 0);
    expect(linePath([], g)).toBe("");
    expect(areaPath([], g)).toBe("");
    expect(g.xTicks).toEqual([]);
  });

  it("closes the area along the baseline", () => {
    const g = chartGeometry(3, 4);
    const area = areaPath([1, 4, 2], g);
    const base = DEFAULT_BOX.height - DEFAULT_BOX.bottom;
    expect(area).toBe(`${linePath([1, 4, 2], g)} L${g.x(2)} ${base} L${g.x(0)} ${base} Z`);
    expect(area).not.toMatch(/NaN/);
  });

  it("keeps negative and non-finite values inside the plot", () => {
    const g = chartGeometry(3, 10);
    expect(g.y(-3)).toBe(g.y(0));
    expect(g.y(Number.NaN)).toBe(g.y(0));
    expect(g.y(1e9)).toBe(DEFAULT_BOX.top);
  });
});

describe("peak and bars", () => {
  it("finds the first highest day, or none when all are zero", () => {
    expect(peakIndex([0, 3, 1, 3])).toBe(1);
    expect(peakIndex([0, 0])).toBe(-1);
    expect(peakIndex([])).toBe(-1);
  });

  it("sizes bars relative to the largest, visible for any non-zero value", () => {
    expect(barPercent(50, 100)).toBe(50);
    expect(barPercent(100, 100)).toBe(100);
    expect(barPercent(1, 100_000)).toBe(1);
    expect(barPercent(0, 100)).toBe(0);
    expect(barPercent(5, 0)).toBe(0);
  });
});
