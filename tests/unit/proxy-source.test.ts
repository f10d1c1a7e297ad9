import { NextRequest } from "next/server";
import { describe, expect, it, vi } from "vitest";
import type { RoutingSnapshot } from "@/lib/platform/tenancy/routing-table";
import { proxy } from "@/proxy";

// The visit's source (issue #17): set where a visit lands with a tag or from another site.
const routing: RoutingSnapshot = { domains: new Map([["fotos.example.pt", "demo"]]), redirects: new Map() };
vi.mock("@/lib/platform/tenancy/routing-table", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/platform/tenancy/routing-table")>()),
  routingTable: () => ({ current: async () => routing }),
}));

const visit = (path: string, headers: Record<string, string> = {}, host = "localhost:3000") =>
  proxy(
    new NextRequest(`http://${host}${path}`, { headers: { host, cookie: "NEXT_LOCALE=pt", ...headers } }),
  );
const sourceCookie = (answer: Response) =>
  (answer.headers.get("set-cookie") ?? "").split(/,(?=\s*\w+=)/).find((c) => c.trim().startsWith("ag_src="));

describe("proxy: visit source", () => {
  it("sets ag_src from a channel tag, HttpOnly and Lax, for 30 days", async () => {
    const cookie = await visit("/demo/evento/x?ch=whatsapp").then(sourceCookie);
    // Not percent-encoded: the engagement API reads the value as stored (lib/platform/visitors/visitor.ts).
    expect(cookie).toMatch(/^ag_src=ch:whatsapp;/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=lax/i);
    expect(cookie).toMatch(/Max-Age=86400/);
  });

  it("sets it beside a first visit's language cookie", async () => {
    const answer = await proxy(
      new NextRequest("http://localhost:3000/demo?ch=telegram", { headers: { host: "localhost:3000" } }),
    );
    const cookies = answer.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith("NEXT_LOCALE=pt;"))).toBe(true);
    expect(cookies.some((c) => c.startsWith("ag_src=ch:telegram;"))).toBe(true);
  });

  it("sets it from utm_source and from a foreign referrer", async () => {
    expect(await visit("/demo?utm_source=Newsletter").then(sourceCookie)).toMatch(/^ag_src=utm:newsletter;/);
    expect(await visit("/demo", { referer: "https://l.instagram.com/" }).then(sourceCookie)).toMatch(
      /^ag_src=ref:l\.instagram\.com;/,
    );
  });

  it("leaves an earlier source alone on untagged and internal navigations", async () => {
    expect(await visit("/demo/evento/x").then(sourceCookie)).toBeUndefined();
    expect(
      await visit("/demo/evento/x", { referer: "http://localhost:3000/demo" }).then(sourceCookie),
    ).toBeUndefined();
    expect(
      await visit("/evento/x", { referer: "https://demo.localhost:3000/" }, "demo.localhost:3000").then(
        sourceCookie,
      ),
    ).toBeUndefined();
    expect(
      await visit("/evento/x", { referer: "https://fotos.example.pt/" }, "fotos.example.pt").then(
        sourceCookie,
      ),
    ).toBeUndefined();
    expect(await visit("/demo?ch=bogus&_rsc=1").then(sourceCookie)).toBeUndefined();
  });

  it("lets short links through to their route handler on every host, untouched", async () => {
    for (const host of ["localhost:3000", "demo.localhost:3000", "fotos.example.pt"]) {
      const answer = await visit("/s/abcdefgh12?ch=whatsapp", {}, host);
      expect(answer.headers.get("x-middleware-rewrite")).toBeNull();
      expect(answer.headers.get("x-middleware-next")).toBe("1");
      expect(sourceCookie(answer)).toBeUndefined();
    }
  });
});
