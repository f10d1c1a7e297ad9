/**
 * A Vitest reporter for `npm test` (scripts/test.ts): writes what failed the run *outside* any
 * test — unhandled errors and rejections, failing `beforeAll`/`afterAll` hooks, files that did
 * not load — to a JSON file. Vitest exits non-zero for those while every test passed, and in a
 * CI log the default reporter's account of them scrolls away under the end-to-end output; the
 * runner repeats them just above its closing line.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Reporter, SerializedError, TestModule, TestRunEndReason } from "vitest/node";

export interface RunError {
  /** The test file it came from, relative to the project; absent for a run-wide error. */
  file?: string;
  message: string;
}

export const RUN_ERRORS_FILE = path.resolve(".test-output/vitest-run-errors.json");

function toRunError(error: SerializedError, file?: string): RunError {
  const stack = typeof error.stack === "string" ? error.stack.split("\n").slice(0, 6).join("\n") : "";
  const head = `${error.name ?? "Error"}: ${error.message ?? String(error)}`;
  return { ...(file ? { file } : {}), message: stack.includes(head) ? stack : `${head}\n${stack}`.trim() };
}

export default class RunErrorsReporter implements Reporter {
  onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<SerializedError>,
    reason: TestRunEndReason,
  ): void {
    const errors: RunError[] = unhandledErrors.map((error) => toRunError(error));
    for (const testModule of testModules) {
      const file = path.relative(process.cwd(), testModule.moduleId);
      const owned = [
        ...testModule.errors(),
        ...[...testModule.children.allSuites()].flatMap((s) => s.errors()),
      ];
      errors.push(...owned.map((error) => toRunError(error, file)));
    }
    mkdirSync(path.dirname(RUN_ERRORS_FILE), { recursive: true });
    writeFileSync(RUN_ERRORS_FILE, JSON.stringify({ reason, errors }, null, 2));
  }
}
