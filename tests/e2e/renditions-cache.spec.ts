import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { waitForHydration } from "./public-helpers";

/**
 * A fan's repeat visit takes the page's photos and logo from the browser's cache (issue #35):
 * their URLs carry the rendition's version and are answered `immutable`, so the browser asks
 * nothing (no request, or at most a 304 without the bytes). A rendition of another version (a
 * replaced photo) is another URL, fetched fresh.
 */
interface Entry {
  name: string;
  transferSize: number;
  encodedBodySize: number;
}

/**
 * The page's versioned media as the browser fetched them (Resource Timing: same origin, sizes
 * exposed), one entry per URL with the most it transferred (the logo is both the icon and an
 * image: its second use is always from memory).
 */
async function mediaEntries(page: Page): Promise<Entry[]> {
  const entries = await page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .filter((entry) => /\/api\/media\/.+\?v=/.test(entry.name))
      .map((entry) => {
        const timing = entry as PerformanceResourceTiming;
        return {
          name: timing.name,
          transferSize: timing.transferSize,
          encodedBodySize: timing.encodedBodySize,
        };
      }),
  );
  const byName = new Map<string, Entry>();
  for (const entry of entries) {
    const seen = byName.get(entry.name);
    if (!seen || entry.transferSize > seen.transferSize) byName.set(entry.name, entry);
  }
  return [...byName.values()];
}

/** The event page with its visible photos loaded (the gallery's first rows, the banner, the logo). */
async function visit(page: Page): Promise<Entry[]> {
  await page.goto("/demo/evento/festival-de-verao");
  await waitForHydration(page);
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.images]
          .filter((img) => img.currentSrc.includes("/api/media/") && img.loading !== "lazy")
          .every((img) => img.complete && img.naturalWidth > 0),
      ),
    )
    .toBe(true);
  return mediaEntries(page);
}

test("a repeat visit takes the photos and the logo from the browser's cache", async ({ page }) => {
  const first = await visit(page);
  expect(first.length, "photos of the page fetched on the first visit").toBeGreaterThanOrEqual(3);
  expect(first.some((entry) => entry.name.includes("/api/media/logo/"))).toBe(true);
  // The first visit brings their bytes (so the check below can fail).
  for (const entry of first) expect(entry.transferSize, entry.name).toBeGreaterThan(entry.encodedBodySize);
  const answer = await page.request.get(first[0]!.name);
  expect(answer.headers()["cache-control"]).toMatch(/max-age=31536000.*immutable/);

  await page.goto("about:blank");
  const second = await visit(page);
  // The same photos as far as the page has asked for them yet (a lazy one may come later).
  expect(second.length).toBeGreaterThanOrEqual(3);
  expect(second.some((entry) => entry.name.includes("/api/media/logo/"))).toBe(true);
  for (const entry of second) {
    // From the cache: nothing on the wire, or a 304 (headers only, well under a photo's bytes).
    expect(entry.transferSize, entry.name).toBeLessThan(Math.min(1000, entry.encodedBodySize));
  }

  // Another version of one of them (a replaced photo) is another URL: fetched, not taken from the cache.
  const other = first[0]!.name.replace(/\?v=[^&]+/, "?v=other");
  const fetched = await page.evaluate(async (url) => {
    performance.clearResourceTimings(); // the page's own entries may have filled the buffer
    await (await fetch(url)).arrayBuffer(); // the timing entry is made once the body has arrived
    const entry = performance.getEntriesByName(url).at(-1) as PerformanceResourceTiming | undefined;
    return entry ? entry.transferSize : -1;
  }, other);
  expect(fetched).toBeGreaterThan(1000);
});
