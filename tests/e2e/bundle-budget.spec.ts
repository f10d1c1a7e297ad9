import { readFile } from "node:fs/promises";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { COMPILE_HINT } from "../../scripts/lib/compile-hints";
import {
  kb,
  measurePublicPages,
  overBudget,
  PUBLIC_JS_BUDGET_KB,
  scriptSources,
} from "../../scripts/lib/js-transfer";

/**
 * Issue #16's page-weight budget, on the production build the end-to-end run starts: the
 * JavaScript each public page's HTML makes a phone download (compressed) stays within
 * PUBLIC_JS_BUDGET_KB. A failure names the page and its chunks, largest first.
 */
test("every public page stays within the JavaScript budget", async ({ baseURL }) => {
  const pages = await measurePublicPages(baseURL!);
  expect(pages.map((page) => page.label)).toEqual(["home", "landing", "event", "player", "auth"]);
  for (const page of pages) {
    test
      .info()
      .annotations.push({ type: "js", description: `${page.label} ${kb(page.bytes).toFixed(1)} KB` });
    // A page with no script at all would mean the measure read the wrong HTML.
    expect(page.scripts.length, page.label).toBeGreaterThan(0);
  }
  expect(overBudget(pages, PUBLIC_JS_BUDGET_KB)).toEqual([]);
});

/**
 * The start-up chunks (React DOM, the Next.js runtime) are served with V8's compile hint as
 * their first line, so Chrome compiles them while they stream in instead of on the main thread
 * during hydration (scripts/lib/compile-hints.ts, run by the build). A page's own chunks are not.
 */
test("the framework's start-up chunks are served with V8's compile hint, a page's own chunks without", async ({
  baseURL,
}) => {
  const manifest = JSON.parse(
    await readFile(path.join(process.cwd(), ".next", "build-manifest.json"), "utf8"),
  ) as {
    rootMainFiles: string[];
  };
  const startUp = new Set(manifest.rootMainFiles.map((file) => `/_next/${file}`));
  expect(startUp.size).toBeGreaterThan(0);

  const eventUrl = new URL("/demo/evento/festival-de-verao", baseURL);
  const sources = scriptSources(await (await fetch(eventUrl)).text(), eventUrl.href);
  const firstLines = await Promise.all(
    sources.map(async (src) => {
      const body = await (await fetch(new URL(src, eventUrl))).text();
      return { src, hinted: body.startsWith(COMPILE_HINT) };
    }),
  );
  expect(firstLines.filter((script) => startUp.has(script.src))).toHaveLength(startUp.size);
  for (const script of firstLines) expect(script.hinted, script.src).toBe(startUp.has(script.src));
  expect(firstLines.some((script) => !script.hinted)).toBe(true);
});
