import { NextRequest } from "next/server";
import { describe, expect, it, vi } from "vitest";
import type { RoutingSnapshot } from "@/lib/platform/tenancy/routing-table";
import { proxy } from "@/proxy";

// The proxy's language decision (issue #15): cookie first, else Accept-Language, remembered.
const routing: RoutingSnapshot = { domains: new Map(), redirects: new Map() };
vi.mock("@/lib/platform/tenancy/routing-table", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/platform/tenancy/routing-table")>()),
  routingTable: () => ({ current: async () => routing }),
}));

const visit = (path: string, headers: Record<string, string>, host = "localhost:3000") =>
  proxy(new NextRequest(`http://localhost:3000${path}`, { headers: { host, ...headers } }));
const rewrittenTo = (answer: Response) => new URL(answer.headers.get("x-middleware-rewrite")!).pathname;

describe("proxy language", () => {
  it("serves a first visit in the browser's best language and remembers it for the visit", async () => {
    const answer = await visit("/demo/evento/x", { "accept-language": "es-ES,es;q=0.9,en;q=0.8" });
    expect(rewrittenTo(answer)).toBe("/es/demo/evento/x");
    const cookie = answer.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^NEXT_LOCALE=es;/);
    expect(cookie).toMatch(/Path=\//i);
    expect(cookie).toMatch(/SameSite=lax/i);
    // A session cookie: the next visit asks the browser again.
    expect(cookie).not.toMatch(/Max-Age|Expires/i);
  });

  it("serves Portuguese when nothing matches", async () => {
    expect(rewrittenTo(await visit("/demo", { "accept-language": "de-DE,it;q=0.5" }))).toBe("/pt/demo");
    expect(rewrittenTo(await visit("/demo", {}))).toBe("/pt/demo");
  });

  it("lets the cookie (the language menu's choice) win over the browser, and sets nothing", async () => {
    const answer = await visit("/demo", { "accept-language": "es-ES", cookie: "NEXT_LOCALE=fr" });
    expect(rewrittenTo(answer)).toBe("/fr/demo");
    expect(answer.headers.get("set-cookie")).toBeNull();
  });

  it("replaces an unknown cookie value by the browser's match", async () => {
    const answer = await visit("/demo", { "accept-language": "en-GB", cookie: "NEXT_LOCALE=xx" });
    expect(rewrittenTo(answer)).toBe("/en/demo");
    expect(answer.headers.get("set-cookie")).toMatch(/^NEXT_LOCALE=en;/);
  });

  it("chooses on tenant hosts too", async () => {
    const answer = await visit("/evento/x", { "accept-language": "fr-CA" }, "demo.localhost:3000");
    expect(rewrittenTo(answer)).toBe("/fr/~site/demo/evento/x");
  });

  it("survives a huge hostile header", async () => {
    const answer = await visit("/demo", { "accept-language": `${"zz;q=0.1,".repeat(800)}en` });
    expect(rewrittenTo(answer)).toBe("/pt/demo");
  });
});
