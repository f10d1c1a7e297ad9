/**
 * Page weight of the public pages: the JavaScript a browser downloads before a page is
 * interactive, i.e. the compressed bytes of every `<script src>` the page's HTML references
 * (issue #16: at most 175 KB per public page). Chunks loaded later on demand (a dialog, the
 * lightbox) are not in the HTML, so they do not count: that is the point of loading them so.
 * Shared by the bundle-budget end-to-end test and `npm run bench` (publicJsKb.max).
 */
import http from "node:http";
import { gzipSync } from "node:zlib";

/** The budget per public page, in KB (1 KB = 1 000 bytes, as the browser's devtools count). */
export const PUBLIC_JS_BUDGET_KB = 175;

export interface ScriptWeight {
  src: string;
  bytes: number;
}

export interface PageWeight {
  label: string;
  path: string;
  scripts: ScriptWeight[];
  /** Compressed bytes of all the page's scripts. */
  bytes: number;
}

const SCRIPT_SRC = /<script\b[^>]*?\ssrc=(["'])([^"']+)\1[^>]*>/gi;

/** The distinct same-origin script sources of an HTML page, in document order. */
export function scriptSources(html: string, pageUrl: string): string[] {
  const origin = new URL(pageUrl).origin;
  const seen = new Set<string>();
  for (const match of html.matchAll(SCRIPT_SRC)) {
    // Polyfills for browsers without modules: a modern browser never downloads them.
    if (/\snomodule\b/i.test(match[0])) continue;
    const raw = match[2]!.replaceAll("&amp;", "&");
    const url = new URL(raw, pageUrl);
    // Third-party tags (analytics after consent) are not the app's bundle.
    if (url.origin !== origin) continue;
    seen.add(url.pathname + url.search);
  }
  return [...seen];
}

export const kb = (bytes: number): number => bytes / 1000;

/** The pages over `budgetKb`, each as one line naming the page, its weight and its chunks. */
export function overBudget(pages: PageWeight[], budgetKb = PUBLIC_JS_BUDGET_KB): string[] {
  return pages
    .filter((page) => kb(page.bytes) > budgetKb)
    .map((page) => {
      const chunks = [...page.scripts]
        .sort((a, b) => b.bytes - a.bytes)
        .map((script) => `${script.src} ${kb(script.bytes).toFixed(1)} KB`)
        .join(", ");
      return `${page.label} (${page.path}): ${kb(page.bytes).toFixed(1)} KB of JavaScript > ${budgetKb} KB; chunks: ${chunks}`;
    });
}

/** A GET answering the raw (still compressed) body and its headers. */
export function getRaw(
  url: URL,
  headers: Record<string, string>,
): Promise<{
  status: number;
  encoding: string | undefined;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          encoding: response.headers["content-encoding"],
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

/**
 * The transfer size of one script: the compressed body when the server compresses, else the
 * gzip of the body (what any compressing front server would send).
 */
async function scriptBytes(url: URL): Promise<number> {
  const response = await getRaw(url, { "accept-encoding": "br, gzip" });
  if (response.status !== 200) throw new Error(`${url.pathname} answered ${response.status}`);
  return response.encoding ? response.body.length : gzipSync(response.body).length;
}

/** Fetches one page (as a browser would, `headers` e.g. a language) and weighs its scripts. */
export async function measurePage(
  base: string,
  label: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<PageWeight> {
  const pageUrl = new URL(path, base);
  const response = await fetch(pageUrl, { headers: { accept: "text/html", ...headers } });
  if (!response.ok) throw new Error(`${label} (${path}) answered ${response.status}`);
  const html = await response.text();
  const sources = scriptSources(html, pageUrl.href);
  const scripts = await Promise.all(
    sources.map(async (src) => ({ src, bytes: await scriptBytes(new URL(src, pageUrl)) })),
  );
  return { label, path, scripts, bytes: scripts.reduce((sum, script) => sum + script.bytes, 0) };
}

/** The first player link on an HTML page (an event page lists its content). */
export function firstPlayerPath(html: string): string | undefined {
  return html.match(/href="(\/[^"]*?\/player\/[^"?#]+)[^"]*"/)?.[1];
}

/**
 * The public pages the budget holds for, on the demo data (scripts/lib/demo-seed.ts): the
 * platform home, a company landing, an event page, a player page and sign-in.
 */
export async function publicPages(base: string): Promise<{ label: string; path: string }[]> {
  const eventPath = "/demo/evento/festival-de-verao";
  const eventHtml = await (await fetch(new URL(eventPath, base))).text();
  const playerPath = firstPlayerPath(eventHtml);
  if (!playerPath) throw new Error(`no player link on ${eventPath}`);
  // The bench's 5,000-photo gallery (scripts/bench/large-gallery.ts), when it made one.
  const large = process.env.BENCH_LARGE_GALLERY_PATH;
  return [
    { label: "home", path: "/" },
    { label: "landing", path: "/demo" },
    { label: "event", path: eventPath },
    { label: "player", path: playerPath },
    ...(large ? [{ label: "large", path: large }] : []),
    { label: "auth", path: "/auth" },
  ];
}

/** Every public page's weight (one at a time: the figures, not the speed, matter). */
export async function measurePublicPages(base: string): Promise<PageWeight[]> {
  const pages: PageWeight[] = [];
  for (const page of await publicPages(base)) pages.push(await measurePage(base, page.label, page.path));
  return pages;
}
