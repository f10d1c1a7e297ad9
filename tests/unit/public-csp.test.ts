import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  cachedPagePolicy,
  DYNAMIC_AREAS,
  dynamicPolicy,
  newNonce,
  pageKind,
  storageOrigins,
  type CspOptions,
} from "@/lib/surfaces/public-site/csp";

const require = createRequire(import.meta.url);
const { scriptPolicyFor } = require("../../server/csp-cache-handler.cjs") as {
  scriptPolicyFor: (html: string, options?: { analytics?: boolean }) => { policy: string; unknown: string[] };
};

const sha = (body: string) => `'sha256-${createHash("sha256").update(body).digest("base64")}'`;

describe("hash-based script policy of cached pages", () => {
  const data = 'self.__next_f.push([1,"1:\\"$Sreact.fragment\\"\\n\\u003cscript\\u003e"])';
  const boot = "(self.__next_f=self.__next_f||[]).push([0])";
  const turbopack =
    '(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({"otherChunks":["a.js"],"runtimeModuleIds":[1]})';
  const theme =
    '((a,b,c,d,e,f,g,h)=>{let i=document.documentElement,j=["light","dark"];})("class","theme","system",null,["light","dark"],null,true,true)';

  it("lists the hash of every inline script Next.js wrote, and 'self' for files", () => {
    const html = `<html><head><script src="/_next/static/a.js" async=""></script><script>${theme}</script></head><body><script id="_R_">${turbopack}</script><script>${boot}</script><script>${data}</script></body></html>`;
    const { policy, unknown } = scriptPolicyFor(html);
    expect(unknown).toEqual([]);
    expect(policy).toContain("script-src 'self' ");
    for (const body of [data, boot, turbopack, theme]) expect(policy).toContain(sha(body));
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'none'");
    expect(policy).not.toContain("unsafe-inline");
  });

  it("leaves out any other inline script", () => {
    const injected = [
      "alert(1)",
      'self.__next_f.push([1,"x"]);alert(1)',
      '(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({"a":alert(1)})',
    ];
    const { policy, unknown } = scriptPolicyFor(injected.map((s) => `<script>${s}</script>`).join(""));
    expect(unknown).toHaveLength(3);
    for (const body of injected) expect(policy).not.toContain(sha(body));
  });

  it("allows the analytics host only when a tag is configured", () => {
    expect(scriptPolicyFor("", { analytics: true }).policy).toContain("https://www.googletagmanager.com");
    expect(scriptPolicyFor("").policy).not.toContain("googletagmanager");
  });
});

const options: CspOptions = {
  storageOrigins: storageOrigins({
    endpoint: "http://127.0.0.1:4569",
    bucket: "b",
    region: "r",
    forcePathStyle: true,
  }),
  formServiceOrigin: "https://forms.example",
  analytics: false,
  development: false,
  https: true,
};
const directive = (policy: string, name: string) =>
  policy.split("; ").find((d) => d === name || d.startsWith(`${name} `)) ?? "";

describe("policy of dynamic pages", () => {
  it("allows scripts by this request's nonce only, and what they load", () => {
    const nonce = newNonce();
    const policy = dynamicPolicy(options, nonce);
    expect(directive(policy, "script-src")).toBe(`script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`);
    for (const rule of [
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'self'",
      "form-action 'self'",
    ])
      expect(policy).toContain(rule);
    // The same sources as every page.
    expect(directive(policy, "img-src")).toBe(directive(cachedPagePolicy(options), "img-src"));
    expect(directive(policy, "connect-src")).toBe(directive(cachedPagePolicy(options), "connect-src"));
  });

  it("uses a fresh, unguessable nonce each time", () => {
    const nonces = Array.from({ length: 100 }, newNonce);
    expect(new Set(nonces).size).toBe(100);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]{24}$/);
  });

  it("allows eval in development only (React's dev build), never inline scripts", () => {
    const dev = directive(dynamicPolicy({ ...options, development: true }, "n"), "script-src");
    expect(dev).toContain("'unsafe-eval'");
    expect(dev).not.toContain("unsafe-inline");
    expect(directive(dynamicPolicy({ ...options, analytics: true }, "n"), "script-src")).not.toContain(
      "unsafe",
    );
  });
});

describe("which pages are dynamic", () => {
  it("the signed-in area, below any locale; every public page is cached", () => {
    for (const p of [
      "/pt/admin",
      "/en/admin/leads",
      "/pt/auth",
      "/fr/onboarding",
      "/pt/invite/x",
      "/pt/email-confirmation",
    ])
      expect(pageKind(p), p).toBe("dynamic");
    for (const p of [
      "/pt",
      "/pt/demo",
      "/pt/demo/evento/x",
      "/pt/~site/demo/admin",
      "/pt/administrator",
      "/pt/terms",
    ])
      expect(pageKind(p), p).toBe("cached");
  });

  const app = path.join(import.meta.dirname, "../../app/[locale]");
  const folders = (dir: string) =>
    readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
  const pages = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? pages(path.join(dir, e.name)) : e.name === "page.tsx" ? [path.join(dir, e.name)] : [],
    );

  it("lists exactly the folders of app/[locale]/(per-request), which is rendered per request", () => {
    expect([...DYNAMIC_AREAS].sort()).toEqual(folders(path.join(app, "(per-request)")).sort());
    expect(readFileSync(path.join(app, "(per-request)/layout.tsx"), "utf8")).toContain(
      'export const dynamic = "force-dynamic";',
    );
  });

  it("renders every other page statically: a nonce there would be cached for everyone", () => {
    // The company-less event address only redirects (or answers the 404): it looks the slug up
    // per request (issue #18, slugs per company) and renders no page a nonce could be cached in.
    const redirectOnly = path.join(app, "event/[slug]/page.tsx");
    expect(readFileSync(redirectOnly, "utf8")).toMatch(/\bredirect\(/);
    const publicPages = pages(app).filter(
      (file) => !file.includes(`${path.sep}(per-request)${path.sep}`) && file !== redirectOnly,
    );
    expect(publicPages.length).toBeGreaterThan(10);
    for (const file of publicPages)
      expect(readFileSync(file, "utf8"), path.relative(app, file)).toContain(
        'export const dynamic = "force-static";',
      );
  });
});

describe("policy of cached pages", () => {
  it("allows the app, the storage endpoint and the form service; no plugins, no base, no framing by others", () => {
    const policy = cachedPagePolicy(options);
    expect(policy).toContain("img-src 'self' data: blob: http://127.0.0.1:4569");
    expect(policy).toContain("connect-src 'self' http://127.0.0.1:4569 https://forms.example");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'none'");
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).toContain("upgrade-insecure-requests");
    expect(policy).not.toContain("unsafe-eval");
  });

  it("knows virtual-hosted storage URLs", () => {
    expect(storageOrigins({ bucket: "media", region: "eu-west-1", forcePathStyle: false })).toEqual([
      "https://media.s3.eu-west-1.amazonaws.com",
      "https://s3.eu-west-1.amazonaws.com",
    ]);
  });
});
