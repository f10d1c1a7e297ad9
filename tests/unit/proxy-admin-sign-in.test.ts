import { NextRequest } from "next/server";
import { describe, expect, it, vi } from "vitest";
import { EMPTY_ROUTING } from "@/lib/platform/tenancy/routing-table";
import { proxy } from "@/proxy";

// The routing table is the database's (tests/integration/routing-table.test.ts); empty here.
vi.mock("@/lib/platform/tenancy/routing-table", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/platform/tenancy/routing-table")>()),
  routingTable: () => ({ current: async () => EMPTY_ROUTING }),
}));

const visit = (path: string, init: { cookie?: string; method?: string; host?: string } = {}) =>
  proxy(
    new NextRequest(`http://localhost:3000${path}`, {
      method: init.method ?? "GET",
      headers: { host: init.host ?? "localhost:3000", ...(init.cookie ? { cookie: init.cookie } : {}) },
    }),
  );

describe("a signed-out visit to the admin area", () => {
  it("answers a server redirect to sign-in carrying the return path", async () => {
    const answer = await visit("/admin/leads?page=2");
    expect(answer.status).toBe(303);
    const location = new URL(answer.headers.get("location")!);
    expect(location.pathname).toBe("/auth");
    expect(location.searchParams.get("next")).toBe("/admin/leads?page=2");
    expect(answer.headers.get("cache-control")).toContain("no-store");
    expect((await visit("/admin")).headers.get("location")).toContain("/auth?next=%2Fadmin");
  });

  it("cannot be turned into an open redirect", async () => {
    for (const path of ["/admin//evil.example/x", "/admin/%2F%2Fevil.example", "/admin/\\evil.example"]) {
      const location = new URL((await visit(path)).headers.get("location")!);
      expect(location.origin).toBe("http://localhost:3000");
      const next = location.searchParams.get("next")!;
      expect(new URL(next, "http://localhost:3000").origin).toBe("http://localhost:3000");
    }
  });

  it("lets a request with a session cookie through to the guard, and leaves other paths alone", async () => {
    for (const cookie of ["afterglow.session_token=abc", "__Secure-afterglow.session_token=abc"]) {
      expect((await visit("/admin/leads", { cookie })).status).toBe(200);
    }
    expect((await visit("/admin/leads", { cookie: "other.session_token=abc" })).status).toBe(303);
    // Server actions are POSTs: the guard answers them.
    expect((await visit("/admin/leads", { method: "POST" })).status).toBe(200);
    for (const path of ["/", "/auth", "/administrator", "/demo", "/event/x"]) {
      expect((await visit(path)).status).toBe(200);
    }
  });
});

describe("a signed-out visit to the account page", () => {
  it("answers a server redirect to sign-in, like the admin area", async () => {
    const answer = await visit("/account?email=changed");
    expect(answer.status).toBe(303);
    expect(new URL(answer.headers.get("location")!).searchParams.get("next")).toBe("/account?email=changed");
    expect((await visit("/account", { cookie: "afterglow.session_token=abc" })).status).toBe(200);
    expect((await visit("/accounts")).status).toBe(200);
  });
});
