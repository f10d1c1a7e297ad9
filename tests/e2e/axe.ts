import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { expect, type Page } from "@playwright/test";

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
  nodes: {
    target: string[];
    failureSummary?: string;
    /** First run only: its element (or an ancestor) had a running finite animation or transition. */
    animating?: boolean;
    /** First run only: the element's index in the page's `axeFirstRun`. */
    ref?: number;
  }[];
}

/**
 * WCAG 2.x A and AA violations (2.0, 2.1 and 2.2) on the page as it is now, or within `selector`
 * (e.g. a dialog). `label-content-name-mismatch` (2.5.3 Label in Name) is one of axe's
 * experimental rules, off unless named: turned on, since a name that does not contain the
 * visible label breaks voice control.
 */
export async function axeViolations(page: Page, selector?: string): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(await axeSource);
  await page.emulateMedia({ reducedMotion: "reduce" });
  try {
    await settleAnimations(page);
    const first = await runAxe(page, selector, true);
    if (first.length === 0) return first;
    // A toast that began fading out while axe read its colours is measured half transparent
    // (stop 49's CI: 2.41:1 on an error toast's title, 4.5:1+ at rest), and is gone once it
    // has faded. Only such a finding is dropped: its element was animating at the first reading
    // and is gone after settling. Anything else found first stays, even if not found again (a
    // real violation on a toast that closes between the runs must not pass); a violation that
    // only the second run sees (something that came in meanwhile) is kept too.
    await settleAnimations(page);
    const second = await runAxe(page, selector);
    const gone: boolean[] = await page.evaluate(() =>
      (window as unknown as { axeFirstRun: Element[] }).axeFirstRun.map((e) => !e.isConnected),
    );
    const merged = new Map<string, AxeViolation>();
    for (const v of first) {
      const nodes = v.nodes.filter((n) => !(n.animating && gone[n.ref!]));
      if (nodes.length > 0) merged.set(v.id, { ...v, nodes });
    }
    for (const v of second) {
      const kept = merged.get(v.id);
      if (!kept) merged.set(v.id, v);
      else {
        const known = new Set(kept.nodes.map((n) => n.target.join(" ")));
        kept.nodes.push(...v.nodes.filter((n) => !known.has(n.target.join(" "))));
      }
    }
    // Internal bookkeeping off: callers compare the result with [] and print it.
    return [...merged.values()].map((v) => ({
      ...v,
      nodes: v.nodes.map(({ target, failureSummary }) => ({ target, failureSummary })),
    }));
  } finally {
    await page.emulateMedia({ reducedMotion: null });
  }
}

/**
 * Waits (at most 3 s) for the page's finite CSS animations and transitions to end: axe reads
 * computed colours, and one mid-fade (a toast leaving, a theme's colour transition) is not the
 * colour a reader sees at rest. Infinite ones (a spinner) are not waited for.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
      .map((a) => a.finished.catch(() => undefined));
    await Promise.race([Promise.all(finite), new Promise((r) => setTimeout(r, 3_000))]);
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });
}

/**
 * One axe run. With `first`, each node also says whether it was animating while axe read it
 * (running then, or started during the run), and its element is kept in `window.axeFirstRun`,
 * so the caller can tell afterwards whether it is gone (an element removed mid-run included).
 */
async function runAxe(page: Page, selector: string | undefined, first = false): Promise<AxeViolation[]> {
  return page.evaluate(
    async ({ include, first }) => {
      type Node = { target: string[]; failureSummary?: string; element?: Element };
      const w = window as unknown as {
        axe: {
          run: (
            ctx: Document | Element,
            opts: object,
          ) => Promise<{ violations: (Omit<AxeViolation, "nodes"> & { nodes: Node[] })[] }>;
        };
        axeFirstRun: Element[];
      };
      const context = include ? document.querySelector(include) : document;
      if (!context) throw new Error(`axe: nothing matches ${include}`);
      const animating = new Set<Element>();
      for (const a of document.getAnimations()) {
        const target = (a.effect as KeyframeEffect | null)?.target;
        if (target && a.playState === "running" && a.effect?.getComputedTiming().endTime !== Infinity)
          animating.add(target);
      }
      const started = (e: Event) => e.target instanceof Element && animating.add(e.target);
      const events = ["animationstart", "transitionrun"] as const;
      for (const type of events) document.addEventListener(type, started, true);
      const result = await w.axe
        .run(context, {
          runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
          rules: { "label-content-name-mismatch": { enabled: true } },
          elementRef: first,
        })
        .finally(() => events.forEach((type) => document.removeEventListener(type, started, true)));
      // An element fades with its ancestors (a toast's title inside the fading toast).
      const moving = (element: Element | undefined) => {
        for (let e = element ?? null; e; e = e.parentElement) if (animating.has(e)) return true;
        return false;
      };
      if (first) w.axeFirstRun = [];
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((n) => ({
          target: n.target,
          failureSummary: n.failureSummary,
          ...(first && n.element
            ? { animating: moving(n.element), ref: w.axeFirstRun.push(n.element) - 1 }
            : {}),
        })),
      }));
    },
    { include: selector, first },
  );
}

/**
 * axe on the page as it is now, in the dark and then the light theme (the theme follows the
 * system's, switched in place so an open dialog stays open), ending on light. Fails the test on
 * any violation.
 */
export async function axeLightAndDark(page: Page, selector?: string): Promise<void> {
  for (const scheme of ["dark", "light"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const html = page.locator("html");
    await (scheme === "dark"
      ? expect(html).toHaveClass(/\bdark\b/)
      : expect(html).not.toHaveClass(/\bdark\b/));
    expect(await axeViolations(page, selector), `axe (${scheme})`).toEqual([]);
  }
}

/** One line per violation and element: `where · rule (impact): help → target`. */
export function describeViolations(where: string, violations: AxeViolation[]): string[] {
  return violations.flatMap((v) =>
    v.nodes.map(
      (n) =>
        `${where} · ${v.id} (${v.impact ?? "?"}): ${v.help} → ${n.target.join(" ")}${
          n.failureSummary ? ` [${n.failureSummary.replace(/\s+/g, " ").slice(0, 160)}]` : ""
        }`,
    ),
  );
}

/**
 * Console errors and uncaught exceptions of `page` from now on. A page that answers 404 on
 * purpose (a not-found page) logs its own status as a resource error: `expectedFailures` are the
 * URLs whose failed load is the point of the visit.
 */
export function watchConsole(page: Page): {
  drain: () => string[];
  expectedFailures: Set<string>;
} {
  const errors: string[] = [];
  const expectedFailures = new Set<string>();
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const at = message.location().url;
    if (expectedFailures.has(at) && /Failed to load resource/.test(message.text())) return;
    errors.push(`${message.text()}${at ? ` (${at})` : ""}`);
  });
  page.on("pageerror", (error) => errors.push(`uncaught: ${error.message}`));
  return { drain: () => errors.splice(0), expectedFailures };
}

/** A page an accessibility walk visits. */
export interface Visit {
  name: string;
  /** A path, or a function of the test's base URL for another host. */
  path: string | ((baseURL: string) => string);
  /** Not-found pages answer 404 on purpose. */
  status?: number;
}

/** Visits each page, returns every axe violation and console error, labelled. */
export async function auditVisits(page: Page, baseURL: string, scheme: string, visits: Visit[]) {
  const consoleErrors = watchConsole(page);
  const problems: string[] = [];
  for (const visit of visits) {
    const url = new URL(typeof visit.path === "string" ? visit.path : visit.path(baseURL), baseURL).href;
    const where = `${visit.name} (${scheme})`;
    if (visit.status) consoleErrors.expectedFailures.add(url);
    const response = await page.goto(url);
    const status = response?.status();
    if (status !== (visit.status ?? 200))
      problems.push(`${where} · answered ${status}, not ${visit.status ?? 200}`);
    // Media, waveforms and lazy islands load after hydration; axe sees the page as a fan does.
    await page.waitForLoadState("networkidle");
    problems.push(...describeViolations(where, await axeViolations(page)));
    problems.push(...(await skipLinkProblems(page)).map((problem) => `${where} · ${problem}`));
    problems.push(...consoleErrors.drain().map((error) => `${where} · console: ${error}`));
  }
  return problems;
}

/**
 * Issue #18: one "Skip to content" link per page, leading to the page's one `main`. Empty when
 * the page is right.
 */
export async function skipLinkProblems(page: Page): Promise<string[]> {
  const { links, targets } = await page.evaluate(() => ({
    links: document.querySelectorAll('a[href="#main"]').length,
    targets: document.querySelectorAll("main#main").length,
  }));
  return [
    ...(links === 1 ? [] : [`${links} skip links (a[href="#main"]), not one`]),
    ...(targets === 1 ? [] : [`${targets} main#main elements, not one`]),
  ];
}
