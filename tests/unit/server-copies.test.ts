import { readFileSync, existsSync } from "node:fs";
import type http from "node:http";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { getSessionCookie } from "better-auth/cookies";
import pg from "pg";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ThemeProvider } from "@/components/preferences/theme-provider";
import { localeCookieName, locales } from "@/lib/core/i18n/config";
import { landingSource, referrerHost, sourceSetCookie } from "@/lib/platform/attribution/parse";
import { SOURCE_COOKIE } from "@/lib/platform/attribution/source";
import { AUTH_COOKIE_PREFIX } from "@/lib/platform/auth/cookie-prefix";
import { UNLOCK_COOKIE_PREFIX, unlockCookieName } from "@/lib/platform/site/gallery-access";
import { unlockedPathFor } from "@/lib/platform/site/unlocked-path";
import { RoutingTable } from "@/lib/platform/tenancy/routing-table";
import { cachedPagePolicy, NONCE_HEADER, type CspOptions } from "@/lib/surfaces/public-site/csp";
import { createPageSecurity } from "@/lib/surfaces/public-site/security-headers";
import { FRONT_DOOR } from "@/server/front-door";

/**
 * The server's JavaScript (server/*.cjs, *.mjs) runs outside the app's TypeScript and cannot
 * import it, so it holds copies of some of its facts. Each test here fails when one copy
 * changes without the other: an exact comparison where the copy is exported, and the copy at
 * work (a key, a policy, an address) where it is not.
 */
const root = path.join(import.meta.dirname, "../..");
const require = createRequire(import.meta.url);

interface Request {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
}
const microcache = require("../../server/page-microcache.cjs") as {
  keyFor(req: Request): string | null;
  shareable(status: number, headers: http.OutgoingHttpHeaders): boolean;
  refererHost(referer: string | undefined): string;
  pageMicrocache(): { clear(): void };
  LOCALES: string[];
  LOCALE_COOKIE_NAME: string;
  SOURCE_COOKIE_NAME: string;
  AUTH_COOKIE_PREFIX: string;
  UNLOCK_COOKIE_PREFIX: string;
  NONCE_HEADER: string;
  SOURCE_PARAMS: Set<string>;
};
const cspCache = require("../../server/csp-cache-handler.cjs") as {
  scriptPolicyFor(html: string, options?: { analytics?: boolean }): { policy: string; unknown: string[] };
  analyticsConfigured(value: string | undefined): boolean;
};

const page = (headers: http.IncomingHttpHeaders = {}, url = "/demo/evento/x"): Request => ({
  method: "GET",
  url,
  headers: { host: "localhost:3000", "accept-encoding": "gzip", ...headers },
});

/** lib/core/env.ts as it reads these variables (the rest of the environment as it is). */
async function envWith(vars: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries(vars)) vi.stubEnv(name, value);
  vi.resetModules();
  return (await import("@/lib/core/env")).env;
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe("server/page-microcache.cjs", () => {
  it("copies the locales, the cookie names, the session cookie prefix and the nonce header", () => {
    expect(microcache.LOCALES).toEqual([...locales]);
    expect(microcache.LOCALE_COOKIE_NAME).toBe(localeCookieName);
    expect(microcache.SOURCE_COOKIE_NAME).toBe(SOURCE_COOKIE);
    expect(microcache.AUTH_COOKIE_PREFIX).toBe(AUTH_COOKIE_PREFIX);
    expect(microcache.NONCE_HEADER).toBe(NONCE_HEADER);
  });

  it("keys each locale's language cookie apart", () => {
    const keys = locales.map((locale) =>
      microcache.keyFor(page({ cookie: `${localeCookieName}=${locale}` })),
    );
    expect(keys).not.toContain(null);
    expect(new Set(keys).size).toBe(locales.length);
  });

  it("leaves Better Auth's session cookies to Next.js, http and https", () => {
    for (const cookie of [
      `${AUTH_COOKIE_PREFIX}.session_token=abc`,
      `__Secure-${AUTH_COOKIE_PREFIX}.session_token=abc`,
    ]) {
      // What the proxy sees as a session (lib/platform/auth/auth.ts gives Better Auth this prefix).
      const request = new Request("https://afterglow.test/admin", { headers: { cookie } });
      expect(getSessionCookie(request, { cookiePrefix: AUTH_COOKIE_PREFIX }), cookie).not.toBeNull();
      expect(microcache.keyFor(page({ cookie: `ag_vid=1; ${cookie}` })), cookie).toBeNull();
    }
  });

  it("leaves a request carrying a gallery's unlock cookie to Next.js (issue #36: the proxy may route it per request)", () => {
    expect(microcache.UNLOCK_COOKIE_PREFIX).toBe(UNLOCK_COOKIE_PREFIX);
    const path = unlockedPathFor("/en/demo/player/abc123", (name) => name === unlockCookieName("abc123"));
    expect(path).toBe("/en/~unlocked/path/demo/abc123");
    for (const cookie of [
      `${unlockCookieName("abc123")}=1.x`,
      `a=1; ${unlockCookieName("abc123")}=1.x`,
      "AG_UNLOCK_abc123=1",
    ]) {
      expect(microcache.keyFor(page({ cookie }, "/demo/player/abc123")), cookie).toBeNull();
    }
    expect(microcache.keyFor(page({ cookie: "ag_vid=1" }, "/demo/player/abc123"))).not.toBeNull();
    // An event's unlock cookie (ag_unlock_ev_<id>) shares the prefix: its event and player pages too.
    for (const path of ["/demo/evento/party", "/demo/player/abc123"])
      expect(microcache.keyFor(page({ cookie: "ag_unlock_ev_e1=1.x" }, path)), path).toBeNull();
  });

  it("leaves a request carrying a policy header the proxy takes off to Next.js", () => {
    const pageSecurity = createPageSecurity({
      storageOrigins: [],
      analytics: false,
      development: false,
      https: true,
    });
    for (const name of ["content-security-policy", "content-security-policy-report-only", NONCE_HEADER]) {
      // The proxy takes it off the request of a cached page (lib/surfaces/public-site/security-headers.ts).
      expect(pageSecurity("/pt/demo", new Headers({ [name]: "chosen" }), "own").request, name).not.toBeNull();
      expect(microcache.keyFor(page({ [name]: "chosen" })), name).toBeNull();
    }
  });

  it("keeps a page with the cookies the proxy derives from the request", () => {
    const hit = { "x-nextjs-cache": "HIT", "cache-control": "s-maxage=3600" };
    const setCookie = [`${localeCookieName}=pt; Path=/; SameSite=lax`, sourceSetCookie("ch:whatsapp", true)];
    expect(microcache.shareable(200, { ...hit, "set-cookie": setCookie })).toBe(true);
  });

  it("keys every query parameter the visit source is read from", () => {
    const read = new Set<string>();
    /** Records the names read; reading them all (iterating) is recorded as "*". */
    class Watched extends URLSearchParams {
      override get(name: string) {
        read.add(name);
        return super.get(name);
      }
      override getAll(name: string) {
        read.add(name);
        return super.getAll(name);
      }
      override has(name: string) {
        read.add(name);
        return super.has(name);
      }
      override entries() {
        read.add("*");
        return super.entries();
      }
      override keys() {
        read.add("*");
        return super.keys();
      }
      override forEach(...args: Parameters<URLSearchParams["forEach"]>) {
        read.add("*");
        super.forEach(...args);
      }
      override [Symbol.iterator]() {
        read.add("*");
        return super[Symbol.iterator]();
      }
    }
    // No source at all: every reader runs (a found source stops the ones after it).
    landingSource({ searchParams: new Watched(), referer: null, isOwnHost: () => false });
    expect(read.size).toBeGreaterThan(0);
    for (const name of read) {
      expect(microcache.SOURCE_PARAMS, name).toContain(name);
      expect(microcache.keyFor(page({}, `/demo/evento/x?${name}=x`)), name).not.toBeNull();
    }
  });

  it("reads the Referer's host as lib/platform/attribution/parse.ts does", () => {
    const long = (length: number) => `https://l.instagram.com/${"x".repeat(length - 24)}`;
    expect(long(2048)).toHaveLength(2048);
    for (const referer of [
      undefined,
      "",
      "https://l.instagram.com/a",
      "https://L.Instagram.com./a?b=c",
      "http://example.com:8080/",
      "https://bücher.example/",
      "https://[::1]/x",
      "android-app://com.whatsapp/",
      "ftp://example.com/",
      "not a url",
      long(2048),
      long(2049),
    ]) {
      expect(microcache.refererHost(referer), String(referer)).toBe(referrerHost(referer ?? null) ?? "");
    }
  });

  it("is the instance the routing table clears when a domain or a redirect changes", async () => {
    const instance = microcache.pageMicrocache();
    const clear = vi.spyOn(instance, "clear");
    let redirects: { old: string; current: string }[] = [];
    vi.spyOn(pg.Pool.prototype, "query").mockImplementation(((sql: string) =>
      Promise.resolve({ rows: sql.includes("slug_redirect") ? redirects : [] })) as never);
    const table = new RoutingTable({ connectionString: "postgres://127.0.0.1:1/none" });
    try {
      await table.reload();
      redirects = [{ old: "old-slug", current: "new-slug" }];
      await table.reload();
      expect(clear).toHaveBeenCalledTimes(1);
    } finally {
      await table.close();
    }
  });
});

describe("server/csp-cache-handler.cjs", () => {
  it("reads ANALYTICS_TAG_ID as lib/core/env.ts does", async () => {
    for (const value of [undefined, "", "  ", "G-ABCD1234", " G-ABCD1234 "]) {
      const env = await envWith({ ANALYTICS_TAG_ID: value });
      expect(cspCache.analyticsConfigured(value), JSON.stringify(value)).toBe(Boolean(env.ANALYTICS_TAG_ID));
    }
  });

  it("allows the analytics script host that the proxy's policy for cached pages allows", () => {
    const sources = (policy: string) =>
      policy
        .split("; ")
        .find((directive) => directive.startsWith("script-src "))!
        .split(" ")
        .slice(1);
    const added = (without: string[], withIt: string[]) =>
      withIt.filter((source) => !without.includes(source));
    const options: CspOptions = { storageOrigins: [], analytics: false, development: false, https: true };
    expect(
      added(
        sources(cspCache.scriptPolicyFor("").policy),
        sources(cspCache.scriptPolicyFor("", { analytics: true }).policy),
      ),
    ).toEqual(
      added(sources(cachedPagePolicy(options)), sources(cachedPagePolicy({ ...options, analytics: true }))),
    );
  });

  it("recognises the theme script of components/preferences/theme-provider.tsx", () => {
    const html = renderToString(createElement(ThemeProvider, null, createElement("main")));
    expect(html).toContain("<script");
    const { policy, unknown } = cspCache.scriptPolicyFor(html);
    expect(unknown).toEqual([]);
    expect(policy).toMatch(/'sha256-/);
  });
});

describe("server/client-address-preload.mjs", () => {
  it("reads AUTH_TRUSTED_PROXIES and TRUST_PROXY as lib/core/env.ts does", async () => {
    const preload = (await import(
      pathToFileURL(path.join(root, "server/client-address-preload.mjs")).href
    )) as {
      trustedProxies(): boolean;
      trustedProxyList(): string[];
      trustProxy(): boolean;
    };
    for (const value of [undefined, "", " ", ",", " , ", "10.0.0.1", " 10.0.0.1 ,", "10.0.0.0/8,192.0.2.1"]) {
      const env = await envWith({ AUTH_TRUSTED_PROXIES: value });
      expect(preload.trustedProxies(), JSON.stringify(value)).toBe(env.AUTH_TRUSTED_PROXIES.length > 0);
      // The same list: the preload decides the scheme by it, the app reads the chain by it.
      expect(preload.trustedProxyList(), JSON.stringify(value)).toEqual(env.AUTH_TRUSTED_PROXIES);
    }
    for (const value of [undefined, "true", "false", "1", "0"]) {
      const env = await envWith({ TRUST_PROXY: value });
      expect(preload.trustProxy(), JSON.stringify(value)).toBe(env.TRUST_PROXY);
    }
  });
});

describe("server/next-server.mjs", () => {
  // It starts a server when imported: read as text.
  const source = readFileSync(path.join(root, "server/next-server.mjs"), "utf8");
  const read = (pattern: RegExp, what: string) => {
    const match = pattern.exec(source);
    if (!match) throw new Error(`server/next-server.mjs: ${what} not found; teach this test where it went.`);
    return match[1]!;
  };

  it("looks for the front door in server/front-door.ts's slot", () => {
    expect(read(/const FRONT_DOOR = Symbol\.for\("([^"]+)"\)/, "FRONT_DOOR")).toBe(FRONT_DOOR.description);
  });

  it("defaults PORT as lib/core/env.ts does", async () => {
    const env = await envWith({ PORT: undefined });
    expect(Number(read(/process\.env\.PORT \?\? (\d+)/, "the PORT default"))).toBe(env.PORT);
  });

  it("gives up on a graceful shutdown before scripts/start.ts kills it", () => {
    const start = readFileSync(path.join(root, "scripts/start.ts"), "utf8");
    const kill = /setTimeout\(\(\) => killGroup\(pid, "SIGKILL"\), ([\d_]+)\)/.exec(start);
    if (!kill)
      throw new Error("scripts/start.ts: the SIGKILL delay not found; teach this test where it went.");
    const shutdown = Number(read(/const SHUTDOWN_MS = ([\d_]+);/, "SHUTDOWN_MS").replaceAll("_", ""));
    expect(shutdown).toBeLessThan(Number(kill[1]!.replaceAll("_", "")));
  });

  it("serves the project it is in", () => {
    const dir = path.resolve(
      root,
      "server",
      read(/fileURLToPath\(import\.meta\.url\)\), "([^"]+)"\)/, "dir"),
    );
    expect(existsSync(path.join(dir, "next.config.ts")), dir).toBe(true);
  });
});
