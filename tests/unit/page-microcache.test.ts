import fc from "fast-check";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import { NextRequest } from "next/server";
import { afterEach, describe, expect, it } from "vitest";
import { chooseLocale } from "@/lib/core/i18n/accept-language";
import { localeCookieName, locales } from "@/lib/core/i18n/config";

const require = createRequire(import.meta.url);

interface Microcache {
  serve(key: string, res: http.ServerResponse): boolean;
  record(key: string, res: http.ServerResponse): void;
  clear(): void;
  entries: Map<string, unknown>;
  bytes: number;
}
const { PageMicrocache, keyFor, shareable, pageMicrocache, REPLAY_HEADER, HEADERS_SIZE } =
  require("../../server/page-microcache.cjs") as {
    PageMicrocache: new (options?: {
      ttlMs?: number;
      maxEntries?: number;
      maxBytes?: number;
      now?: () => number;
    }) => Microcache;
    keyFor: (req: { method: string; url: string; headers: http.IncomingHttpHeaders }) => string | null;
    shareable: (status: number, headers: http.OutgoingHttpHeaders) => boolean;
    pageMicrocache: () => Microcache;
    REPLAY_HEADER: string;
    HEADERS_SIZE: number;
  };
const sharedTags = require("../../server/shared-cache-tags.cjs") as {
  publish: (tags: string[]) => Promise<void>;
};

const request = (headers: http.IncomingHttpHeaders = {}, url = "/demo/evento/x", method = "GET") => ({
  method,
  url,
  headers: { host: "localhost:3000", "accept-encoding": "gzip", ...headers },
});

describe("which requests the page micro-cache may answer", () => {
  it("keys a fan's page request by everything the proxy and Next.js read", () => {
    const base = keyFor(request());
    expect(base).not.toBeNull();
    // The visitor cookie, the consent cookie and the address are not read to render a cached page.
    expect(
      keyFor(request({ cookie: "ag_vid=abc; cookie-consent=all", "x-forwarded-for": "203.0.113.9" })),
    ).toBe(base);
    for (const headers of [
      { host: "demo.afterglow.events" },
      { "accept-language": "en-GB,en;q=0.9" },
      { cookie: "NEXT_LOCALE=en" },
      { referer: "https://l.instagram.com/x" },
      { "accept-encoding": "br" },
      { "x-forwarded-host": "fans.example.com" },
    ]) {
      expect(keyFor(request(headers)), JSON.stringify(headers)).not.toBe(base);
    }
    expect(keyFor(request({}, "/demo/evento/x?ch=whatsapp"))).not.toBe(base);
    expect(keyFor(request({}, "/demo/evento/x?utm_source=newsletter&utm_medium=email"))).not.toBeNull();
    // Two referers on the same host give the same visit source (its host), so the same answer.
    expect(keyFor(request({ referer: "https://l.instagram.com/a" }))).toBe(
      keyFor(request({ referer: "https://l.instagram.com/b?c=d" })),
    );
  });

  it("leaves to Next.js what it answers differently: other methods, sessions, RSC, conditions, ranges", () => {
    expect(keyFor(request({}, "/demo", "HEAD"))).toBeNull();
    expect(keyFor(request({}, "/api/content/x/engagement"))).toBeNull();
    expect(keyFor(request({}, "/_next/static/chunks/a.js"))).toBeNull();
    expect(keyFor(request({}, "/demo", "POST"))).toBeNull();
    for (const headers of [
      { cookie: "ag_vid=1; afterglow.session_token=abc" },
      { cookie: "__Secure-afterglow.session_token=abc" },
      { authorization: "Bearer x" },
      { rsc: "1" },
      { "next-router-prefetch": "1" },
      { "next-router-state-tree": "%5B%5D" },
      { "next-action": "abc" },
      { "if-none-match": '"etag"' },
      { range: "bytes=0-10" },
      { "x-nonce": "chosen-by-the-client" },
      // Language cookies Next.js reads otherwise than a plain match would (the last one,
      // untrimmed): replaying by a guess would give another visitor this answer's language.
      { cookie: "NEXT_LOCALE= pt" },
      { cookie: "NEXT_LOCALE =pt" },
      { cookie: "NEXT_LOCALE=pt; NEXT_LOCALE=es" },
      { cookie: "NEXT_LOCALE=; NEXT_LOCALE=pt" },
      { cookie: "NEXT_LOCALE=pt " },
      { cookie: "NEXT_LOCALE=de" },
      { "accept-language": "x".repeat(3000) },
    ]) {
      expect(keyFor(request(headers)), JSON.stringify(headers)).toBeNull();
    }
  });

  it("reads the Referer as the proxy does, and leaves click ids and other queries to Next.js", () => {
    const base = keyFor(request());
    // The proxy ignores a Referer it cannot read as http(s), or a very long one: no source either way.
    expect(keyFor(request({ referer: `https://l.instagram.com/${"x".repeat(3000)}` }))).toBe(base);
    expect(keyFor(request({ referer: "android-app://com.whatsapp/" }))).toBe(base);
    expect(keyFor(request({ referer: "https://L.Instagram.com./a" }))).toBe(
      keyFor(request({ referer: "https://l.instagram.com/b" })),
    );
    expect(keyFor(request({}, "/demo/evento/x?fbclid=IwAR123"))).toBeNull();
    expect(keyFor(request({}, "/demo/evento/x?ch=whatsapp&x=1"))).toBeNull();
  });

  it("keeps only answers Next.js shares with everyone, with cookies derived from the request", () => {
    const hit = {
      "x-nextjs-cache": "HIT",
      "cache-control": "s-maxage=3600, stale-while-revalidate=31532400",
    };
    expect(shareable(200, hit)).toBe(true);
    expect(
      shareable(200, { ...hit, "set-cookie": ["NEXT_LOCALE=pt; Path=/", "ag_src=ch%3Awhatsapp; Path=/"] }),
    ).toBe(true);
    expect(shareable(200, { ...hit, "set-cookie": ["ag_vid=abc; Path=/"] })).toBe(false);
    expect(shareable(200, { ...hit, "x-nextjs-cache": "MISS" })).toBe(false);
    expect(shareable(200, { ...hit, "x-nextjs-cache": "STALE" })).toBe(false);
    expect(shareable(200, { "cache-control": "private, no-store" })).toBe(false);
    expect(shareable(200, { ...hit, "cache-control": "private, max-age=0" })).toBe(false);
    expect(shareable(404, hit)).toBe(false);
  });
});

/** A server with the micro-cache in front of a stand-in for Next.js that counts its calls. */
async function serverWith(
  cache: Microcache,
  answer: (res: http.ServerResponse, call: number) => void,
): Promise<{ url: string; calls: () => number; close: () => Promise<void> }> {
  let calls = 0;
  const server = http.createServer((req, res) => {
    const key = keyFor({ method: req.method ?? "GET", url: req.url ?? "/", headers: req.headers });
    if (key !== null) {
      if (cache.serve(key, res)) return;
      cache.record(key, res);
    }
    calls++;
    answer(res, calls);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls: () => calls,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const cachedPage = (body: string) => (res: http.ServerResponse) => {
  res.setHeader("x-nextjs-cache", "HIT");
  res.setHeader("cache-control", "s-maxage=3600");
  res.setHeader("content-type", "text/html; charset=utf-8");
  res.setHeader("set-cookie", "NEXT_LOCALE=pt; Path=/; SameSite=lax");
  // Written in pieces, as a compressor does.
  res.write(body.slice(0, 5));
  res.end(Buffer.from(body.slice(5)));
};

const servers: { close: () => Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

describe("the page micro-cache in front of Next.js", () => {
  it("replays a cached page's exact bytes and headers without asking Next.js again", async () => {
    const cache = new PageMicrocache();
    const app = await serverWith(cache, cachedPage("<html>festival</html>"));
    servers.push(app);
    const first = await fetch(`${app.url}/demo`);
    expect(first.headers.get(REPLAY_HEADER)).toBeNull();
    expect(await first.text()).toBe("<html>festival</html>");
    const second = await fetch(`${app.url}/demo`);
    expect(await second.text()).toBe("<html>festival</html>");
    expect(second.headers.get(REPLAY_HEADER)).toBe("1");
    expect(second.headers.get("set-cookie")).toBe("NEXT_LOCALE=pt; Path=/; SameSite=lax");
    expect(second.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(second.headers.get("content-length")).toBe(String("<html>festival</html>".length));
    expect(app.calls()).toBe(1);
    // Another language cookie is another answer.
    await fetch(`${app.url}/demo`, { headers: { cookie: "NEXT_LOCALE=en" } });
    expect(app.calls()).toBe(2);
  });

  it("never keeps a page Next.js rendered for this request, or one with a visitor's cookie", async () => {
    const cache = new PageMicrocache();
    const app = await serverWith(cache, (res, call) => {
      res.setHeader("x-nextjs-cache", call === 1 ? "MISS" : "HIT");
      if (call === 2) res.setHeader("set-cookie", "ag_vid=visitor-2; Path=/");
      res.end(`render ${call}`);
    });
    servers.push(app);
    expect(await (await fetch(`${app.url}/demo`)).text()).toBe("render 1");
    expect(await (await fetch(`${app.url}/demo`)).text()).toBe("render 2");
    expect(await (await fetch(`${app.url}/demo`)).text()).toBe("render 3");
    expect(await (await fetch(`${app.url}/demo`)).text()).toBe("render 3");
    expect(app.calls()).toBe(3);
  });

  it("forgets everything when a cache tag expires, and does not keep an answer that was on its way", async () => {
    const cache = new PageMicrocache();
    let release: (() => void) | undefined;
    const app = await serverWith(cache, (res, call) => {
      const send = () => cachedPage(`version ${call}`)(res);
      if (call === 2) release = send;
      else send();
    });
    servers.push(app);
    await fetch(`${app.url}/demo`);
    cache.clear();
    // Call 2 starts before the next expiry and ends after it: its answer may be the old page.
    const pending = fetch(`${app.url}/demo`);
    await expect.poll(() => release).toBeDefined();
    cache.clear();
    release!();
    expect(await (await pending).text()).toBe("version 2");
    expect(await (await fetch(`${app.url}/demo`)).text()).toBe("version 3");
    expect(await (await fetch(`${app.url}/demo`)).text()).toBe("version 3");
    expect(app.calls()).toBe(3);
  });

  it("replays for a few seconds at most, and stays within its size", async () => {
    let now = 0;
    const cache = new PageMicrocache({ ttlMs: 5_000, maxEntries: 2, now: () => now });
    const app = await serverWith(cache, (res, call) => cachedPage(`page ${call}`)(res));
    servers.push(app);
    await fetch(`${app.url}/a`);
    await fetch(`${app.url}/a`);
    expect(app.calls()).toBe(1);
    now = 5_001;
    expect(await (await fetch(`${app.url}/a`)).text()).toBe("page 2");
    await fetch(`${app.url}/b`);
    await fetch(`${app.url}/c`);
    expect(cache.entries.size).toBe(2);
    expect(cache.entries.has(keyFor(request({ host: new URL(app.url).host }, "/a"))!)).toBe(false);
    // Each entry counts its body, its key and its headers' allowance.
    const keys = [...cache.entries.keys()];
    expect(cache.bytes).toBe(
      "page 3".length + "page 4".length + keys[0]!.length + keys[1]!.length + 2 * HEADERS_SIZE,
    );
  });

  it("evicts the least recently replayed page first, so a crowd's page stays", async () => {
    const cache = new PageMicrocache({ maxEntries: 2 });
    const app = await serverWith(cache, (res, call) => cachedPage(`page ${call}`)(res));
    servers.push(app);
    await fetch(`${app.url}/crowd`);
    await fetch(`${app.url}/other`);
    expect(await (await fetch(`${app.url}/crowd`)).text()).toBe("page 1");
    await fetch(`${app.url}/third`);
    expect(await (await fetch(`${app.url}/crowd`)).text()).toBe("page 1");
    expect(await (await fetch(`${app.url}/other`)).text()).toBe("page 4");
  });

  it("is cleared by an expired cache tag of this instance (shared-cache-tags.cjs)", async () => {
    const cache = pageMicrocache();
    const app = await serverWith(cache, cachedPage("shared"));
    servers.push(app);
    await fetch(`${app.url}/demo`);
    expect(cache.entries.size).toBe(1);
    await sharedTags.publish(["company:demo"]);
    expect(cache.entries.size).toBe(0);
  });
});

/**
 * Issue #34, row 10: a TAB before `NEXT_LOCALE` was read as the language by the micro-cache and
 * not by Next.js, so one request made it replay a Portuguese page (and `Set-Cookie:
 * NEXT_LOCALE=pt`) to English readers for 5 s. The micro-cache now reads the cookie with Next's
 * own parser and leaves to Next.js any header that names it otherwise than plainly once.
 */
describe("the language cookie, as Next.js reads it", () => {
  /** What proxy.ts reads: `request.cookies.get(NEXT_LOCALE)` of the NextRequest built from the same header. */
  const nextReads = (cookie: string) =>
    new NextRequest("http://localhost:3000/demo", { headers: { cookie } }).cookies.get(localeCookieName)
      ?.value;
  /** The key of the same request with the language cookie written plainly (or none). */
  const plainKey = (language: string | undefined) =>
    keyFor(request(language === undefined ? {} : { cookie: `${localeCookieName}=${language}` }));
  /** Node and the Headers class take the spaces and TABs off both ends of a header value. */
  const asReceived = (cookie: string) => cookie.replace(/^[ \t]+|[ \t]+$/g, "");

  it("leaves to Next.js a header whose language cookie is not plainly there once", () => {
    for (const cookie of [
      "a=1;\tNEXT_LOCALE=en",
      "a=1; \tNEXT_LOCALE=en",
      "a=1;\u000bNEXT_LOCALE=en",
      "a=1;\u00a0NEXT_LOCALE=en",
      "a=1;\fNEXT_LOCALE=en",
      "NEXT_LOCALE=en; NEXT_LOCALE=pt",
      "NEXT_LOCALE=en;\tNEXT_LOCALE=pt",
      "NEXT_LOCALE=en; next_locale=pt",
      "next_locale=en",
      "NEXT_LOCALE=en; x=NEXT_LOCALE",
      "NEXT_LOCALE\t=en",
      "NEXT_LOCALE=\ten",
      'NEXT_LOCALE="en"',
    ]) {
      expect(keyFor(request({ cookie })), JSON.stringify(cookie)).toBeNull();
    }
  });

  it("keys a header with odd but unambiguous spacing by the language Next.js reads", () => {
    for (const [cookie, language] of [
      ["a=1;NEXT_LOCALE=en", "en"],
      ["a=1;   NEXT_LOCALE=en;b=2", "en"],
      ["a=1 ; NEXT_LOCALE=es;", "es"],
      ["NEXT_LOCALE=%66r", "fr"],
    ] as const) {
      expect(nextReads(cookie), cookie).toBe(language);
      expect(keyFor(request({ cookie })), JSON.stringify(cookie)).toBe(plainKey(language));
    }
  });

  it("never keys a request by another language than Next.js reads (generated headers)", () => {
    const part = fc.oneof(
      fc.constantFrom("a=1", "ag_vid=x.y", "b", "=", "", "c=%zz"),
      fc
        .tuple(
          fc.constantFrom("NEXT_LOCALE", "next_locale", "NEXT_LOCALE ", " NEXT_LOCALE", "\tNEXT_LOCALE"),
          fc.constantFrom("=", " =", "= "),
          fc.constantFrom(...locales, "de", "", "%70t", "en ", '"en"', "e\tn"),
        )
        .map(([name, eq, value]) => `${name}${eq}${value}`),
    );
    const separator = fc.constantFrom(";", "; ", ";  ", ";\t", "; \t", " ;", ";\u000b", ";\u00a0");
    const header = fc
      .tuple(fc.array(fc.tuple(separator, part), { maxLength: 4 }), part)
      .map(([rest, first]) => asReceived(first + rest.map(([sep, p]) => sep + p).join("")));
    fc.assert(
      fc.property(header, (cookie) => {
        const key = keyFor(request({ cookie }));
        if (key === null) return;
        const read = nextReads(cookie);
        expect(key).toBe(plainKey(locales.includes(read as never) ? read : undefined));
        // Only a plain language cookie or none at all is ever keyed.
        expect(read === undefined || locales.includes(read as never)).toBe(true);
      }),
      { numRuns: 2000, seed: 34_10 },
    );
  });

  it("never replays a page in another language than Next.js would answer, through a real server", async () => {
    const cache = new PageMicrocache();
    const server = await languageServer(cache);
    servers.push(server);
    const ask = (cookie: string | undefined, acceptLanguage: string) =>
      rawGet(server.url, { ...(cookie === undefined ? {} : { cookie }), "accept-language": acceptLanguage });
    const expected = (cookie: string | undefined, acceptLanguage: string) =>
      chooseLocale(cookie === undefined ? undefined : nextReads(asReceived(cookie)), acceptLanguage).locale;

    // The reported poisoning: a Portuguese browser's request with a TAB before an English
    // cookie, then English readers (the language chosen in the menu) with Portuguese browsers.
    const attacks = [
      "a=1;\tNEXT_LOCALE=en",
      "a=1;\u00a0NEXT_LOCALE=en",
      "NEXT_LOCALE=pt; NEXT_LOCALE=en",
      "NEXT_LOCALE=en; NEXT_LOCALE=pt",
      "a=1;  NEXT_LOCALE=en",
      "a=1;NEXT_LOCALE=en",
      "NEXT_LOCALE =en",
    ];
    const readers = ["NEXT_LOCALE=en", "a=1; NEXT_LOCALE=en", undefined, "NEXT_LOCALE=pt"];
    for (const attack of attacks) {
      cache.clear();
      for (const cookie of [attack, attack, ...readers, ...readers]) {
        const answer = await ask(cookie, "pt-PT,pt;q=0.9");
        expect(answer.body, `${JSON.stringify(attack)} then ${JSON.stringify(cookie)}`).toBe(
          `page in ${expected(cookie, "pt-PT,pt;q=0.9")}`,
        );
        const setCookie = answer.setCookie.join(" ");
        if (setCookie) expect(setCookie).toContain(`NEXT_LOCALE=${expected(cookie, "pt-PT,pt;q=0.9")};`);
      }
    }
    // Readers were replayed to (the cache still works for plain cookies).
    expect(server.replays()).toBeGreaterThan(0);
  });
});

/** The micro-cache in front of a stand-in for Next.js that answers in the language proxy.ts would choose. */
async function languageServer(cache: Microcache) {
  let replays = 0;
  const server = http.createServer((req, res) => {
    const key = keyFor({ method: req.method ?? "GET", url: req.url ?? "/", headers: req.headers });
    if (key !== null) {
      if (cache.serve(key, res)) {
        replays++;
        return;
      }
      cache.record(key, res);
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers))
      if (typeof value === "string") headers.set(name, value);
    const next = new NextRequest(`http://${req.headers.host}${req.url}`, { headers });
    const language = chooseLocale(
      next.cookies.get(localeCookieName)?.value,
      next.headers.get("accept-language"),
    );
    res.setHeader("x-nextjs-cache", "HIT");
    res.setHeader("cache-control", "s-maxage=3600");
    if (language.remember)
      res.setHeader("set-cookie", `NEXT_LOCALE=${language.locale}; Path=/; SameSite=lax`);
    res.end(`page in ${language.locale}`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    replays: () => replays,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A GET with the headers exactly as given (a TAB or a byte above 127 in a cookie included: fetch would refuse some). */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ body: string; setCookie: string[] }> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${url}/demo/evento/x`,
      { headers: { "accept-encoding": "gzip", ...headers } },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve({ body, setCookie: res.headers["set-cookie"] ?? [] }));
      },
    );
    req.on("error", reject);
  });
}
