import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { expect, test, type Response } from "@playwright/test";
import { getRaw, scriptSources } from "../../scripts/lib/js-transfer";

/**
 * Issue #16: the production server (server/next-server.mjs) compresses with brotli where
 * the browser takes it (pages, scripts, stylesheets); clients without brotli get gzip, as before.
 * Scripts and stylesheets come precompressed from the build (issue #35, server/static-files.cjs).
 */
const EVENT = "/demo/evento/festival-de-verao";
const CHROME = "gzip, deflate, br, zstd";

type Raw = Awaited<ReturnType<typeof getRaw>>;

/** A GET in Portuguese, taking the given encodings (none: no Accept-Encoding at all). */
function get(url: URL, acceptEncoding?: string): Promise<Raw> {
  const headers: Record<string, string> = { accept: "text/html,*/*", "accept-language": "pt-PT" };
  if (acceptEncoding !== undefined) headers["accept-encoding"] = acceptEncoding;
  return getRaw(url, headers);
}

function decoded(answer: Raw): string {
  const encoding = answer.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(answer.body).toString();
  if (encoding === "gzip") return gunzipSync(answer.body).toString();
  expect(encoding).toBeUndefined();
  return answer.body.toString();
}

/** The headers a file's answer must keep whatever its encoding. */
const KEPT = [
  "cache-control",
  "content-type",
  "x-content-type-options",
  "x-frame-options",
  "referrer-policy",
];

test("a browser gets the event page, its scripts and its stylesheet brotli-compressed; gzip-only clients get gzip", async ({
  baseURL,
}) => {
  const pageUrl = new URL(EVENT, baseURL);
  // Twice each: the second answer of a cached page is the micro-cache's replay of the first,
  // which must keep the encoding its own request asked for.
  await get(pageUrl, CHROME); // into Next.js's cache, if no test rendered it before
  const pages = [
    await get(pageUrl, CHROME),
    await get(pageUrl, "gzip"),
    await get(pageUrl, CHROME),
    await get(pageUrl, "gzip"),
    await get(pageUrl, "identity"),
  ];
  expect(pages.map((page) => page.status)).toEqual([200, 200, 200, 200, 200]);
  expect(pages.map((page) => page.headers["content-encoding"])).toEqual([
    "br",
    "gzip",
    "br",
    "gzip",
    undefined,
  ]);
  // The second of each pair is the micro-cache's replay (the first was a Next.js cache hit).
  expect(pages.slice(2, 4).map((page) => page.headers["x-afterglow-replay"])).toEqual(["1", "1"]);
  const html = decoded(pages[0]!);
  for (const page of pages) expect(decoded(page)).toBe(html);
  // Smaller than gzip: the point of it.
  expect(pages[0]!.body.length).toBeLessThan(pages[1]!.body.length);

  const files = [...scriptSources(html, pageUrl.href), ...(html.match(/\/_next\/static\/[^"]+\.css/g) ?? [])];
  expect(files.some((file) => file.endsWith(".css"))).toBe(true);
  for (const file of new Set(files)) {
    const url = new URL(file, pageUrl);
    const [brotli, gzip] = [await get(url, CHROME), await get(url, "gzip")];
    expect(brotli.status, file).toBe(200);
    const source = decoded(gzip);
    // Precompressed at build time (issue #35): brotli whenever it is smaller, whatever the size.
    expect(brotli.headers["content-encoding"], file).toBe("br");
    expect(gzip.headers["content-encoding"], file).toBe("gzip");
    expect(decoded(brotli), file).toBe(source);
    for (const name of KEPT) expect(brotli.headers[name], `${file} ${name}`).toBe(gzip.headers[name]);
    expect(brotli.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  }
});

test("Chromium loads the player page brotli-compressed and it works (the like button hydrates)", async ({
  page,
}) => {
  const scripts: Response[] = [];
  page.on("response", (response) => {
    if (new URL(response.url()).pathname.endsWith(".js")) scripts.push(response);
  });
  const response = await page.goto("/demo/player/seed-festival-palco-principal");
  expect(response?.headers()["content-encoding"]).toBe("br");
  const like = page.getByRole("button", { name: /^Gosto/ });
  await expect(like).toHaveAttribute("aria-pressed", "false");
  await like.click();
  await expect(like).toHaveAttribute("aria-pressed", "true");
  expect(scripts.length).toBeGreaterThan(3);
  // Every script Chromium fetched came as brotli, but those under 1 KB (sent as they are).
  for (const script of scripts) {
    const encoding = script.headers()["content-encoding"];
    if (encoding !== "br") expect((await script.body()).length, script.url()).toBeLessThan(1024);
  }
  expect(scripts.filter((script) => script.headers()["content-encoding"] === "br").length).toBeGreaterThan(3);
});
