import { expect, test } from "@playwright/test";
import { kb, measurePublicPages, overBudget, PUBLIC_JS_BUDGET_KB } from "../../scripts/lib/js-transfer";

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
