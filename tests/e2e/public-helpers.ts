import type { Browser, BrowserContext, Page } from "@playwright/test";

/**
 * Shared browser helpers of the public-site end-to-end tests (not a spec). Unique e-mails and
 * SQL against the runner's database come from `auth-support.ts`.
 */

/** Marks the cookie banner as seen, so it never covers what a test clicks. */
export async function skipCookieBanner(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    try {
      window.localStorage.setItem("cookie-banner-seen", "true");
    } catch {
      // opaque origins (about:blank) have no storage
    }
  });
}

export async function setLocale(context: BrowserContext, baseURL: string, locale: string): Promise<void> {
  await context.addCookies([{ name: "NEXT_LOCALE", value: locale, url: baseURL }]);
}

/** A phone (390 × 844 CSS px) with touch, as the fans' tests use it. */
export const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;

/**
 * A fan's browser on a phone, in English, the cookie banner already seen: the set-up the fans'
 * specs repeated. `touch: false` keeps the phone's size with a mouse (the share-attribution
 * fans, which never had touch).
 */
export async function newFanContext(
  browser: Browser,
  baseURL: string,
  { touch = true }: { touch?: boolean } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    ...(touch ? PHONE : { viewport: PHONE.viewport }),
  });
  await skipCookieBanner(context);
  await setLocale(context, baseURL, "en");
  return context;
}

/** `http://demo.localhost:<port>`: Chromium resolves every *.localhost name to the loopback. */
export function tenantOrigin(baseURL: string, slug: string): string {
  const url = new URL(baseURL);
  url.hostname = `${slug}.localhost`;
  return url.origin;
}

/** Client islands answer clicks once the page has hydrated (MediaEnhancer marks it). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}
