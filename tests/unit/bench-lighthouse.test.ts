import { describe, expect, it } from "vitest";
import { median, parseLighthouseReport, summarise, type LighthouseRun } from "@/scripts/bench/lighthouse";

function report(score: number | null, overrides: Record<string, unknown> = {}): string {
  const audit = (numericValue: number) => ({ numericValue });
  return JSON.stringify({
    categories: { performance: { score } },
    audits: {
      "first-contentful-paint": audit(912.4),
      "largest-contentful-paint": audit(2104.9),
      "total-blocking-time": audit(188),
      "cumulative-layout-shift": audit(0.012),
      "speed-index": audit(1310),
    },
    environment: { benchmarkIndex: 2731.5 },
    ...overrides,
  });
}

const runOf = (score: number, tbtMs: number, benchmarkIndex: number): LighthouseRun => ({
  score,
  fcpMs: 900,
  lcpMs: 2000,
  tbtMs,
  cls: 0,
  siMs: 1300,
  benchmarkIndex,
});

describe("the bench's Lighthouse stage", () => {
  it("takes the median: the middle value, the mean of the middle two for an even count", () => {
    expect(median([90, 79, 96, 83, 95])).toBe(90);
    expect(median([95, 96])).toBe(95.5);
    expect(median([7])).toBe(7);
    expect(median([])).toBeNaN();
  });

  it("reads the score (0–100), the metrics and the machine's benchmarkIndex from a report", () => {
    expect(parseLighthouseReport(report(0.96))).toEqual({
      score: 96,
      fcpMs: 912.4,
      lcpMs: 2104.9,
      tbtMs: 188,
      cls: 0.012,
      siMs: 1310,
      benchmarkIndex: 2731.5,
    });
  });

  it("refuses a report without a score, naming Lighthouse's error", () => {
    expect(() =>
      parseLighthouseReport(report(null, { runtimeError: { code: "NO_NAVSTART", message: "…" } })),
    ).toThrow(/NO_NAVSTART/);
    expect(() => parseLighthouseReport("{}")).toThrow(/no performance score/);
  });

  it("sums a page up with the median of each figure, keeping every run's score", () => {
    const summary = summarise("video", "/demo/player/x", [
      runOf(95, 190, 2730),
      runOf(79, 650, 1430),
      runOf(90, 330, 2470),
    ]);
    expect(summary).toMatchObject({
      label: "video",
      scores: [95, 79, 90],
      score: 90,
      tbtMs: 330,
      benchmarkIndex: 2470,
    });
  });
});
