/**
 * The bench's machine-readable figures: every sub-bench records its numbers here under the keys
 * #16 names (`staticFile.rps`, `likes.perSecond`, `analytics.year.byContentMs`, …), and
 * `writeBenchResults()` merges them into `.bench/results.json` at the end of the run (a partial
 * run, e.g. `scripts/bench/engagement.ts` alone, keeps the figures it did not measure).
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

export type BenchValue = number | boolean | string | null;

const figures = new Map<string, BenchValue>();

/** Records one figure (a non-finite number is stored as null: "not measured"). */
export function recordFigure(key: string, value: BenchValue): void {
  figures.set(key, typeof value === "number" && !Number.isFinite(value) ? null : value);
}

export function recordedFigures(): Record<string, BenchValue> {
  return Object.fromEntries(figures);
}

export const BENCH_RESULTS_FILE = path.join(process.cwd(), ".bench", "results.json");

/** Merges the recorded figures into `.bench/results.json` (flat dotted keys) with the run's time. */
export async function writeBenchResults(file = BENCH_RESULTS_FILE): Promise<Record<string, BenchValue>> {
  let previous: Record<string, BenchValue> = {};
  try {
    previous = JSON.parse(await readFile(file, "utf8")) as Record<string, BenchValue>;
  } catch {
    // first run
  }
  const merged = { ...previous, ...recordedFigures(), measuredAt: new Date().toISOString() };
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(merged, null, 2)}\n`);
  return merged;
}
