import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";

// Test infrastructure, not the app: the runner (scripts/e2e.ts) starts the server and
// passes its address here, so this file reads process.env directly.
const baseURL = process.env.E2E_BASE_URL ?? "http://localhost:3000";
// Chromium's headless shell (Debian's chromium-headless-shell, the same Chromium version) when
// installed: it is what Playwright itself runs headless tests in, and without the full browser's
// UI and GPU processes it spent about half the CPU of /usr/bin/chromium on the same specs, which
// on a 2-core CI machine is CPU the app under test gets back. The full browser otherwise.
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const chromium =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  // A stray test.only would run one test and report the run green.
  forbidOnly: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_500 },
  outputDir: "test-results",
  reporter: [["list"], ["json", { outputFile: ".test-output/playwright.json" }]],
  use: {
    baseURL,
    // A Portuguese browser (Accept-Language pt-BR): with no language cookie the proxy picks the
    // browser's language (issue #15), and the specs were written for the default, Portuguese.
    locale: "pt-BR",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromium,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
});
