import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/core/db";
import { changeCompanySlug } from "@/lib/features/company/change-slug";
import { announceRoutingChange } from "@/lib/platform/tenancy/routing-events";
import { RoutingTable, RoutingUnavailable } from "@/lib/platform/tenancy/routing-table";
import { createTenant } from "./support/tenants";

// The routing table of proxy.ts (#14): two independent tables stand for two app instances;
// a change announced on commit reaches both through LISTEN, and a dropped LISTEN connection
// comes back. Every wait is for a condition, never for a time.

const url = process.env.DATABASE_URL!;
const instances: RoutingTable[] = [];
const newInstance = (connectionString = url) => {
  const table = new RoutingTable({ connectionString, backoffMs: { min: 20, max: 200 }, log: () => {} });
  instances.push(table);
  return table;
};
const until = (check: () => void) => vi.waitFor(check, { timeout: 10_000, interval: 20 });

let one: RoutingTable;
let two: RoutingTable;

beforeAll(async () => {
  [one, two] = [newInstance(), newInstance()];
  await Promise.all([one.current(), two.current()]);
});
afterAll(async () => {
  await Promise.all(instances.map((t) => t.close()));
});

describe("the routing table", () => {
  it("loads at first use, and both instances see a slug change once it commits", async () => {
    const a = await createTenant(db, { slug: "rt-one" });
    expect(one.peek()?.redirects.has("rt-one")).toBe(false);
    await changeCompanySlug(a.as("admin"), { slug: "rt-two" });
    await until(() => {
      expect(one.peek()?.redirects.get("rt-one")).toBe("rt-two");
      expect(two.peek()?.redirects.get("rt-one")).toBe("rt-two");
    });
    // A chain resolves to the current slug in one hop, on both.
    await changeCompanySlug(a.as("admin"), { slug: "rt-three" });
    await until(() => {
      for (const table of [one, two]) {
        expect(table.peek()?.redirects.get("rt-one")).toBe("rt-three");
        expect(table.peek()?.redirects.get("rt-two")).toBe("rt-three");
      }
    });
    // Taken back: the slug is the company's again and no longer redirects (no loop).
    await changeCompanySlug(a.as("admin"), { slug: "rt-one" });
    await until(() => {
      for (const table of [one, two]) {
        expect(table.peek()?.redirects.has("rt-one")).toBe(false);
        expect(table.peek()?.redirects.get("rt-three")).toBe("rt-one");
      }
    });
  });

  it("empties the page micro-cache on every instance when a redirect comes", async () => {
    // The server's micro-cache (server/page-microcache.cjs) is found through this symbol.
    const slot = Symbol.for("afterglow.pageMicrocache");
    const holder = globalThis as { [key: symbol]: unknown };
    const previous = holder[slot];
    let clears = 0;
    holder[slot] = { clear: () => clears++ };
    try {
      const a = await createTenant(db, { slug: "rt-cache-one" });
      const before = clears;
      await changeCompanySlug(a.as("admin"), { slug: "rt-cache-two" });
      await until(() => {
        expect(one.peek()?.redirects.get("rt-cache-one")).toBe("rt-cache-two");
        expect(two.peek()?.redirects.get("rt-cache-one")).toBe("rt-cache-two");
      });
      // Other test files may change routes meanwhile: at least one clear per instance.
      expect(clears - before).toBeGreaterThanOrEqual(2);
    } finally {
      holder[slot] = previous;
    }
  });

  it("holds active custom domains only, and drops one that stops being active", async () => {
    const a = await createTenant(db, { slug: "rt-domains", plan: "professional" });
    const domain = await db.domain.create({
      data: { companyId: a.id, hostname: "shop.rt.example", kind: "custom", status: "pending" },
    });
    await announceRoutingChange();
    const loads = two.loads;
    await until(() => expect(two.loads).toBeGreaterThan(loads));
    expect(two.peek()?.domains.has("shop.rt.example")).toBe(false);

    await db.domain.update({ where: { id: domain.id }, data: { status: "active" } });
    await announceRoutingChange();
    await until(() => {
      expect(one.peek()?.domains.get("shop.rt.example")).toBe("rt-domains");
      expect(two.peek()?.domains.get("shop.rt.example")).toBe("rt-domains");
    });

    // A downgrade takes it offline (the plan changes announce nothing: the periodic reload, or
    // any change, picks it up), an upgrade brings it back.
    await db.company.update({ where: { id: a.id }, data: { plan: "starter" } });
    await announceRoutingChange();
    await until(() => expect(two.peek()?.domains.has("shop.rt.example")).toBe(false));
    // …into a redirect to its app path (no active subdomain), then to its subdomain once that is live.
    expect(two.peek()?.lapsed?.get("shop.rt.example")).toEqual({ slug: "rt-domains", subdomain: false });
    await db.domain.create({
      data: { companyId: a.id, hostname: "rt-domains.localhost", kind: "subdomain", status: "active" },
    });
    await announceRoutingChange();
    await until(() =>
      expect(two.peek()?.lapsed?.get("shop.rt.example")).toEqual({ slug: "rt-domains", subdomain: true }),
    );
    await db.company.update({ where: { id: a.id }, data: { plan: "enterprise" } });
    await announceRoutingChange();
    await until(() => expect(two.peek()?.domains.get("shop.rt.example")).toBe("rt-domains"));
    expect(two.peek()?.lapsed?.has("shop.rt.example")).toBe(false);

    await db.domain.delete({ where: { id: domain.id } });
    await announceRoutingChange();
    await until(() => {
      expect(one.peek()?.domains.has("shop.rt.example")).toBe(false);
      expect(two.peek()?.domains.has("shop.rt.example")).toBe(false);
    });
  });

  it("never redirects a slug that is some company's current slug", async () => {
    const a = await createTenant(db, { slug: "rt-stale" });
    const b = await createTenant(db, { slug: "rt-owner" });
    // A stale row (written by hand: the slug change and onboarding never leave one).
    await db.slugRedirect.create({
      data: { slug: "rt-owner", companyId: a.id, heldUntil: new Date(Date.now() + 1000) },
    });
    await one.reload();
    expect(one.peek()?.redirects.has("rt-owner")).toBe(false);
    expect(b.slug).toBe("rt-owner");
  });

  it("listens again after its connection drops, and catches up on what it missed", async () => {
    const table = newInstance();
    await table.current();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const listeners = async () =>
        (
          await admin.query<{ pid: number }>(
            `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %' AND pid <> pg_backend_pid()`,
          )
        ).rows.map((r) => r.pid);
      const before = await listeners();
      expect(before.length).toBeGreaterThanOrEqual(3);
      await admin.query(`SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid`, [before]);
      // A change while nobody listens: the reconnect reloads the table.
      const a = await createTenant(db, { slug: "rt-missed" });
      await changeCompanySlug(a.as("admin"), { slug: "rt-caught" });
      await until(() => expect(table.peek()?.redirects.get("rt-missed")).toBe("rt-caught"));
      // And it listens again: the next change arrives by notification.
      await until(async () => expect((await listeners()).length).toBeGreaterThanOrEqual(3));
      await changeCompanySlug(a.as("admin"), { slug: "rt-next" });
      await until(() => expect(table.peek()?.redirects.get("rt-missed")).toBe("rt-next"));
    } finally {
      await admin.end();
    }
  });

  it("without a database, fails fast and does not retry on every request", async () => {
    const table = newInstance("postgresql://postgres@127.0.0.1:1/none");
    await expect(table.current()).rejects.toThrow();
    await expect(table.current()).rejects.toBeInstanceOf(RoutingUnavailable);
    expect(table.peek()).toBeNull();
  });
});
