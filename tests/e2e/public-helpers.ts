import type { BrowserContext, Page } from "@playwright/test";
import pg from "pg";

/** Shared helpers of the public-site end-to-end tests (not a spec). */
export const databaseUrl =
  process.env.E2E_DATABASE_URL ?? "postgresql://postgres:postgres@127.0.0.1:54329/afterglow";

export async function query<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

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

/** `http://demo.localhost:<port>`: Chromium resolves every *.localhost name to the loopback. */
export function tenantOrigin(baseURL: string, slug: string): string {
  const url = new URL(baseURL);
  url.hostname = `${slug}.localhost`;
  return url.origin;
}

/** Unique e-mail per test run, so assertions find their own stored row. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** Client islands answer clicks once the page has hydrated (MediaEnhancer marks it). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}
