import type { Page } from "@playwright/test";
import { axeLightAndDark } from "./axe";
import { expect, test } from "./fixtures";
import { waitForHydration } from "./public-helpers";

/**
 * Issue #35: the build's scripts and stylesheets are immutable (hashed names, a year, served
 * precompressed by server/static-files.cjs), so a fan's repeat visit takes every one of them
 * from the browser's cache, and a new deployment (new names) is fetched fresh. And the
 * tenant's pages prefetch nothing: no `?_rsc=` request the page does not need.
 */
const EVENT = "/demo/evento/festival-de-verao";

interface Loaded {
  url: string;
  /** 0: from the browser's cache, no request. */
  transferSize: number;
  /** The HTTP status (0 when the browser did not expose it). */
  responseStatus: number;
}

/**
 * The same-origin scripts and stylesheets of the page as loaded (Resource Timing, once the
 * network is idle). Not waiting for hydration: the renamed tags of the "old deployment" load
 * chunks the runtime also loads by their own names, which a real deployment never does.
 */
async function staticAssets(page: Page): Promise<Loaded[]> {
  await page.waitForLoadState("networkidle");
  return page.evaluate(() =>
    (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
      .filter((entry) => new URL(entry.name).pathname.startsWith("/_next/static/"))
      .map((entry) => ({
        url: entry.name,
        transferSize: entry.transferSize,
        responseStatus:
          (entry as PerformanceResourceTiming & { responseStatus?: number }).responseStatus ?? 0,
      })),
  );
}

const fromNetwork = (assets: Loaded[]) =>
  assets.filter((asset) => asset.transferSize > 0 && asset.responseStatus !== 304).map((asset) => asset.url);

test("a repeat visit takes every script and stylesheet from the cache; a new deployment's are fetched fresh", async ({
  page,
}) => {
  const rsc: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).searchParams.has("_rsc")) rsc.push(request.url());
  });

  // A deployment's page: its asset names as the HTML gives them (here marked `?deploy=old`, as a
  // build with other content hashes would name them). Through the DevTools protocol, for the
  // document alone: Playwright's page.route() would turn the browser's HTTP cache off.
  const cdp = await page.context().newCDPSession(page);
  let oldDeployment = true;
  cdp.on(
    "Fetch.requestPaused",
    (event: {
      requestId: string;
      responseStatusCode?: number;
      responseHeaders?: { name: string; value: string }[];
    }) => {
      void (async () => {
        if (!oldDeployment) return cdp.send("Fetch.continueRequest", { requestId: event.requestId });
        const { body, base64Encoded } = await cdp.send("Fetch.getResponseBody", {
          requestId: event.requestId,
        });
        // In the tags' attributes only: the inline scripts are allowed by their hashes (CSP).
        const html = (base64Encoded ? Buffer.from(body, "base64").toString() : body).replace(
          /((?:src|href)="\/_next\/static\/[^"?]+\.(?:js|css))"/g,
          '$1?deploy=old"',
        );
        await cdp.send("Fetch.fulfillRequest", {
          requestId: event.requestId,
          responseCode: event.responseStatusCode ?? 200,
          responseHeaders: (event.responseHeaders ?? []).filter(
            (header) => !["content-length", "content-encoding"].includes(header.name.toLowerCase()),
          ),
          body: Buffer.from(html).toString("base64"),
        });
      })();
    },
  );
  await cdp.send("Fetch.enable", {
    patterns: [{ urlPattern: `*${EVENT}`, resourceType: "Document", requestStage: "Response" }],
  });
  await page.goto(EVENT);
  const first = await staticAssets(page);
  const oldNames = first.filter((asset) => asset.url.includes("?deploy=old"));
  expect(oldNames.length).toBeGreaterThan(5);
  expect(oldNames.some((asset) => asset.url.includes(".css"))).toBe(true);
  // A first visit fetches them all.
  expect(fromNetwork(first)).toEqual(first.map((asset) => asset.url));

  // Repeat visit of the same deployment: nothing from the network.
  await page.goto("about:blank");
  await page.goto(EVENT);
  const repeat = await staticAssets(page);
  expect(repeat.filter((asset) => asset.url.includes("?deploy=old")).length).toBe(oldNames.length);
  expect(fromNetwork(repeat)).toEqual([]);

  // The new deployment: the page names other files, and the browser fetches every one of them.
  oldDeployment = false;
  await page.goto("about:blank");
  await page.goto(EVENT);
  const deployed = await staticAssets(page);
  // The renamed files, but those the runtime had also loaded by their own names at the first
  // visit (it inserts the stylesheet again): those are cached, as they would be after a deployment
  // that did not change them.
  const loadedByOwnName = new Set(
    first.filter((asset) => !asset.url.includes("?deploy=")).map((asset) => asset.url),
  );
  const renamed = new Set(oldNames.map((asset) => asset.url.replace("?deploy=old", "")));
  const newNames = deployed.filter((asset) => renamed.has(asset.url) && !loadedByOwnName.has(asset.url));
  expect(newNames.length).toBeGreaterThan(5);
  // Every one of those from the network; nothing the browser had fetched before (a chunk the
  // hydrated page loads later, which the doubly loaded "old" page never reached, is new to it).
  const fetched = fromNetwork(deployed);
  expect(fetched).toEqual(expect.arrayContaining(newNames.map((asset) => asset.url)));
  const seenBefore = new Set([...first, ...repeat].map((asset) => asset.url));
  expect(fetched.filter((url) => seenBefore.has(url))).toEqual([]);
  for (const asset of newNames) expect(asset.responseStatus, asset.url).toBe(200);

  // And once more: the new deployment's files now come from the cache.
  await page.goto("about:blank");
  await page.goto(EVENT);
  expect(fromNetwork(await staticAssets(page))).toEqual([]);

  // Scrolled through, the tenant's page prefetched no route (its links are prefetch={false}).
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForTimeout(1_000);
  expect(rsc).toEqual([]);
  await axeLightAndDark(page);
});

test("a click on the tenant's links still navigates (one request for the page, none before)", async ({
  page,
}) => {
  const rsc: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).searchParams.has("_rsc")) rsc.push(new URL(request.url()).pathname);
  });
  await page.goto(EVENT);
  await waitForHydration(page);
  await page.waitForLoadState("networkidle");
  expect(rsc).toEqual([]);
  await page.locator("header a[href='/demo']").first().click();
  await expect(page).toHaveURL(/\/demo$/);
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  expect(rsc).toEqual(["/demo"]);
});
