import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { basePolicy, storageOrigins } from "@/lib/public/csp";

const require = createRequire(import.meta.url);
const { scriptPolicyFor } = require("../../lib/public/csp-cache-handler.cjs") as {
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

describe("base policy", () => {
  it("allows the app, the storage endpoint and the form service; no plugins, no base, no framing by others", () => {
    const policy = basePolicy({
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
    });
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
