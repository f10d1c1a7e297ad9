import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

const root = import.meta.dirname;
const alias = {
  "@": root,
  // `server-only` throws outside a React Server Components bundle; tests run lib/ directly.
  "server-only": path.join(root, "tests/support/server-only-stub.ts"),
};

export default defineConfig({
  resolve: { alias },
  test: {
    // One worker per core, not Vitest's default of one fewer: the integration files spend much of
    // their time waiting on PostgreSQL, S3, ffmpeg and timers, and on a 2-core CI machine the
    // default (one worker) left the second core mostly idle.
    maxWorkers: Math.max(2, os.availableParallelism()),
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          // A stray it.only would run one test and report the run green (per project: not inherited).
          allowOnly: false,
          include: ["tests/unit/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          allowOnly: false,
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/integration/support/global-setup.ts"],
          // A database and bucket per file, bound to the app's singletons before any import; then the
          // one set of `next/*` mocks (request headers, revalidation spies).
          setupFiles: [
            "tests/integration/support/file-services.ts",
            "tests/integration/support/next-mocks.ts",
          ],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file gets its own database, so files may run in parallel.
          fileParallelism: true,
        },
      },
    ],
  },
});
