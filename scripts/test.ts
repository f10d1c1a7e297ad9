/**
 * `npm test`: every layer — unit and integration (Vitest), then end-to-end (Playwright
 * against a production build) — and one closing line `N passed, N failed` for CI.
 * `npm test -- --skip-e2e` runs only the Vitest layers.
 */
import { spawn } from "node:child_process";
import { mkdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { RUN_ERRORS_FILE, type RunError } from "../tests/support/run-errors-reporter";

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

const outDir = path.resolve(".test-output");
const skipE2e = process.argv.includes("--skip-e2e");

/** How much of a runner's standard error is kept, to repeat when it fails outside any test. */
const STDERR_TAIL_CHARS = 8000;

/** Runs a test runner; its standard error is passed through, and its end kept. */
function run(command: string, args: string[]): Promise<{ code: number; stderrTail: string }> {
  return new Promise((resolve) => {
    let stderrTail = "";
    const child = spawn(command, args, { stdio: ["inherit", "inherit", "pipe"] });
    child.stderr.on("data", (chunk: Buffer) => {
      process.stderr.write(chunk);
      stderrTail = (stderrTail + chunk.toString("utf8")).slice(-STDERR_TAIL_CHARS);
    });
    child.on("exit", (code, signal) => {
      const done = () => resolve({ code: code ?? (signal ? 1 : 0), stderrTail });
      // Its last words may still be in the pipe. But a process it started and left behind (an
      // app server, a database) may hold the pipe open forever: wait for it a moment only.
      const timer = setTimeout(() => {
        child.stderr.destroy();
        done();
      }, 2000);
      child.stderr.once("close", () => {
        clearTimeout(timer);
        done();
      });
    });
    child.on("error", () => resolve({ code: 1, stderrTail }));
  });
}

async function readJson(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, "utf8"));
  } catch {
    return undefined;
  }
}

function vitestCounts(report: unknown): Counts | undefined {
  const r = report as
    | { numPassedTests?: number; numFailedTests?: number; numPendingTests?: number; numTodoTests?: number }
    | undefined;
  if (typeof r?.numPassedTests !== "number") return undefined;
  return {
    passed: r.numPassedTests,
    failed: r.numFailedTests ?? 0,
    skipped: (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0),
  };
}

function playwrightCounts(report: unknown): Counts | undefined {
  const stats = (
    report as
      { stats?: { expected?: number; unexpected?: number; flaky?: number; skipped?: number } } | undefined
  )?.stats;
  if (typeof stats?.expected !== "number") return undefined;
  return {
    passed: stats.expected + (stats.flaky ?? 0),
    failed: stats.unexpected ?? 0,
    skipped: stats.skipped ?? 0,
  };
}

type Layer = "unit + integration" | "end-to-end";
const FLOOR_FILE = "tests/test-floor.json";

/** The fewest tests each layer may collect (raise it when you add tests). */
async function readFloors(): Promise<Record<Layer, number>> {
  const floors = (await readJson(FLOOR_FILE)) as Partial<Record<Layer, unknown>> | undefined;
  const floorOf = (layer: Layer) => {
    const n = floors?.[layer];
    if (typeof n !== "number" || !Number.isInteger(n) || n < 1) {
      throw new Error(`${FLOOR_FILE} must give "${layer}" a positive whole number`);
    }
    return n;
  };
  return { "unit + integration": floorOf("unit + integration"), "end-to-end": floorOf("end-to-end") };
}

async function main(): Promise<void> {
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  const total: Counts = { passed: 0, failed: 0, skipped: 0 };
  let runnerFailed = false;
  /** What failed a layer outside any test, repeated just above the closing line. */
  const outside: string[] = [];
  const floors = await readFloors();
  /** `explained`: the runner's own report already says what failed it (no stderr tail then). */
  const add = (
    layer: Layer,
    { code, stderrTail }: { code: number; stderrTail: string },
    counts: Counts | undefined,
    explained = false,
  ) => {
    if (!counts) {
      outside.push(
        `${layer}: the runner produced no report (exit ${code}); counting it as a failure. The end of its stderr:\n${stderrTail}`,
      );
      total.failed += 1;
      runnerFailed = true;
      return;
    }
    total.passed += counts.passed;
    total.failed += counts.failed;
    total.skipped += counts.skipped;
    // A runner can fail outside any test (a crashing setup): that must fail the suite too.
    if (code !== 0 && counts.failed === 0) {
      runnerFailed = true;
      // What broke it (an unhandled rejection, a crash in teardown) is at the end of its stderr.
      outside.push(
        explained
          ? `${layer}: the runner exited ${code} with no failing test, for the reason below.`
          : `${layer}: the runner exited ${code} with no failing test. The end of its stderr:\n${stderrTail}`,
      );
    }
    console.log(`${layer}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
    // A file that stopped being collected, or a runner that quietly ran a subset, passes
    // every test it ran: the committed floor makes it fail instead.
    const collected = counts.passed + counts.failed + counts.skipped;
    if (collected < floors[layer]) {
      outside.push(
        `${layer}: ${collected} tests collected, fewer than the floor of ${floors[layer]} in ${FLOOR_FILE}.` +
          " If tests were removed on purpose, lower the floor in the same commit.",
      );
      runnerFailed = true;
    }
  };

  const vitestJson = path.join(outDir, "vitest.json");
  const vitest = await run(process.execPath, [
    "node_modules/vitest/vitest.mjs",
    "run",
    "--reporter=default",
    "--reporter=json",
    "--reporter=./tests/support/run-errors-reporter.ts",
    `--outputFile.json=${vitestJson}`,
  ]);
  const runErrors = ((await readJson(RUN_ERRORS_FILE)) as { errors?: RunError[] } | undefined)?.errors ?? [];
  add("unit + integration", vitest, vitestCounts(await readJson(vitestJson)), runErrors.length > 0);
  outside.push(...runErrors.map((e) => `unit + integration: ${e.file ? `${e.file}: ` : ""}${e.message}`));

  if (!skipE2e) {
    const e2e = await run(process.execPath, ["--import", "tsx", "scripts/e2e.ts"]);
    const report = await readJson(path.join(outDir, "playwright.json"));
    const errors = (report as { errors?: { message?: string }[] } | undefined)?.errors ?? [];
    add("end-to-end", e2e, playwrightCounts(report), errors.length > 0);
    outside.push(...errors.map((e) => `end-to-end: ${e.message ?? "an error outside any test"}`));
  }

  // In a CI log the runners' own account of these is far above, under the end-to-end output.
  if (outside.length > 0) console.error(`\nOutside any test:\n\n${outside.join("\n\n")}`);
  console.log(`\n${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
  process.exit(total.failed > 0 || runnerFailed ? 1 : 0);
}

void main();
