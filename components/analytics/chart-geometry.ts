/**
 * The maths of the analytics line chart (pure: no React, unit-tested). The chart is drawn in
 * a fixed coordinate box (the SVG's viewBox) and scales with its container. Every output is a
 * finite number: an all-zero series, a one-day range or an empty series never yields NaN.
 */

export interface ChartBox {
  width: number;
  height: number;
  /** Margins around the plot area, room for the axis labels. */
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export const DEFAULT_BOX: ChartBox = { width: 720, height: 260, top: 16, right: 20, bottom: 36, left: 52 };

export interface Tick {
  value: number;
  /** Position in the box (y for the value axis, x for the day axis). */
  position: number;
}

export interface DayTick {
  index: number;
  position: number;
  /** How its label aligns, so the first and last labels stay inside the box. */
  anchor: "start" | "middle" | "end";
}

export interface ChartGeometry {
  box: ChartBox;
  plot: { x: number; y: number; width: number; height: number };
  /** Top of the value axis (a round number ≥ the largest value; 1 when all values are 0). */
  yMax: number;
  yTicks: Tick[];
  xTicks: DayTick[];
  x(index: number): number;
  y(value: number): number;
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const finite = (n: number) => (Number.isFinite(n) ? n : 0);

/** The smallest of 1, 2, 5 × 10^k that is ≥ `rough` (integers only: counts are whole). */
export function niceStep(rough: number): number {
  if (!(rough > 1)) return 1;
  const power = 10 ** Math.floor(Math.log10(rough));
  for (const factor of [1, 2, 5, 10]) {
    if (factor * power >= rough) return factor * power;
  }
  return 10 * power;
}

/** A value axis from 0 to a round top with about `count` steps. */
export function valueScale(maxValue: number, count = 4): { max: number; ticks: number[] } {
  const max = finite(maxValue);
  if (max <= 0) return { max: 1, ticks: [0, 1] };
  const step = niceStep(max / Math.max(1, count));
  const top = Math.ceil(max / step) * step;
  const ticks: number[] = [];
  for (let v = 0; v <= top; v += step) ticks.push(v);
  return { max: top, ticks };
}

/** Indexes of at most `maxTicks` evenly spread days, always the first and the last. */
export function dayTickIndexes(pointCount: number, maxTicks = 5): number[] {
  if (pointCount <= 0) return [];
  if (pointCount === 1 || maxTicks <= 1) return [0];
  const k = Math.min(Math.max(2, maxTicks), pointCount);
  const indexes = Array.from({ length: k }, (_, i) => Math.round((i * (pointCount - 1)) / (k - 1)));
  return [...new Set(indexes)];
}

/** The scales of a chart of `pointCount` days whose largest value is `maxValue`. */
export function chartGeometry(
  pointCount: number,
  maxValue: number,
  box: ChartBox = DEFAULT_BOX,
): ChartGeometry {
  const plot = {
    x: box.left,
    y: box.top,
    width: Math.max(1, box.width - box.left - box.right),
    height: Math.max(1, box.height - box.top - box.bottom),
  };
  const scale = valueScale(maxValue);
  const x = (index: number) =>
    round2(
      pointCount <= 1 ? plot.x + plot.width / 2 : plot.x + (finite(index) * plot.width) / (pointCount - 1),
    );
  const y = (value: number) => {
    const clamped = Math.min(Math.max(finite(value), 0), scale.max);
    return round2(plot.y + plot.height - (clamped / scale.max) * plot.height);
  };
  const indexes = dayTickIndexes(pointCount);
  return {
    box,
    plot,
    yMax: scale.max,
    yTicks: scale.ticks.map((value) => ({ value, position: y(value) })),
    xTicks: indexes.map((index, i) => ({
      index,
      position: x(index),
      anchor:
        indexes.length === 1 ? "middle" : i === 0 ? "start" : i === indexes.length - 1 ? "end" : "middle",
    })),
    x,
    y,
  };
}

/** An SVG path through the values, one point per day ("" for no values; one move for one). */
export function linePath(values: readonly number[], geometry: ChartGeometry): string {
  return values.map((value, i) => `${i === 0 ? "M" : "L"}${geometry.x(i)} ${geometry.y(value)}`).join(" ");
}

/** The area under the line, closed along the baseline ("" with fewer than two points). */
export function areaPath(values: readonly number[], geometry: ChartGeometry): string {
  if (values.length < 2) return "";
  const baseline = round2(geometry.plot.y + geometry.plot.height);
  return `${linePath(values, geometry)} L${geometry.x(values.length - 1)} ${baseline} L${geometry.x(0)} ${baseline} Z`;
}

/** The index of the largest value (the first on a tie), or -1 when every value is ≤ 0. */
export function peakIndex(values: readonly number[]): number {
  let best = -1;
  for (let i = 0; i < values.length; i++) {
    const v = finite(values[i]!);
    if (v > 0 && (best === -1 || v > values[best]!)) best = i;
  }
  return best;
}

/** Width of a bar as a percentage of the largest value (0–100; at least 1 for any value > 0). */
export function barPercent(value: number, max: number): number {
  const v = finite(value);
  const m = finite(max);
  if (v <= 0 || m <= 0) return 0;
  return Math.max(1, Math.min(100, round2((v / m) * 100)));
}
