import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";

/**
 * axe-core in the page (not a spec), the one helper every e2e spec's accessibility check uses.
 * The engine itself (a devDependency) rather than `@axe-core/playwright`: its source is evaluated
 * through the DevTools protocol, which the pages' CSP does not govern (an injected <script>
 * would be refused).
 */
const axeSource = readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** WCAG 2.x A and AA violations on the page as it is now, or within `selector` (e.g. a dialog). */
export async function axeViolations(page: Page, selector?: string): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(await axeSource);
  return page.evaluate(async (include) => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document | Element, opts: object) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const context = include ? document.querySelector(include) : document;
    if (!context) throw new Error(`axe: nothing matches ${include}`);
    const result = await axe.run(context, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  }, selector);
}
