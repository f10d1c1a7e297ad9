/**
 * A fan's cold first visit, as the bench's first-visit stage (./first-visit.ts) needs it: a
 * phone (Playwright's Pixel 7: viewport, touch, mobile user agent) in Chromium with an empty
 * cache and no cookies opens the page and waits until the network is idle, so what loads after
 * `load` (the router's RSC prefetches of the links in view, lazy chunks) is listed too. The page
 * is not scrolled: what a fan's scroll adds is not part of the first visit.
 *
 *   CHROMIUM_PATH=/usr/bin/chromium   (as playwright.config.ts)
 */
import { existsSync } from "node:fs";
import { chromium, devices, type Browser } from "playwright-core";
import type { CapturedRequest } from "./first-visit-plan";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/** Beyond network idle: a prefetch scheduled in an idle callback still gets its turn. */
const SETTLE_MS = 1_000;

export const chromiumAvailable = (): boolean => existsSync(CHROMIUM_PATH);

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/** Every request of one cold phone visit of `url`, in the order the browser made them. */
export async function captureVisit(browser: Browser, url: string): Promise<CapturedRequest[]> {
  // A Portuguese phone, as the demo tenant's fans (and the end-to-end specs) are.
  const context = await browser.newContext({ ...devices["Pixel 7"], locale: "pt-BR" });
  const requests: CapturedRequest[] = [];
  const pending: Promise<void>[] = [];
  try {
    const page = await context.newPage();
    page.on("request", (request) => {
      // Its place now, in the browser's order; its headers when Playwright has them all
      // (allHeaders() includes the ones Chromium adds below Playwright's view: cookies, sec-*).
      const entry: CapturedRequest = {
        url: request.url(),
        method: request.method(),
        resourceType: request.resourceType(),
        headers: request.headers(),
      };
      requests.push(entry);
      pending.push(
        request.allHeaders().then(
          (headers) => void (entry.headers = headers),
          () => undefined,
        ),
      );
    });
    const response = await page.goto(url, { waitUntil: "networkidle", timeout: 60_000 });
    if (!response?.ok()) throw new Error(`${url} answered ${response?.status() ?? "nothing"}`);
    await page.waitForTimeout(SETTLE_MS);
    await page.waitForLoadState("networkidle");
    await Promise.all(pending);
  } finally {
    await context.close();
  }
  return requests;
}
