import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { checkDomain, claimDueDomains, CHECK_LEASE_MS } from "@/lib/features/domains/check-domain";
import { addCustomDomain, createSubdomain, retryDomainCheck } from "@/lib/features/domains/manage-domains";
import { subdomainAfterSlugChange } from "@/lib/features/domains/on-slug-change";
import { domainSettings, type DomainSettings } from "@/lib/features/domains/settings";
import { PLAN_GATED_RECHECK_MS, PROPAGATION_LIMIT_MS } from "@/lib/features/domains/state-machine";
import { tlsAllowed } from "@/lib/features/domains/tls-allowed";
import { db } from "@/lib/core/db";
import { env } from "@/lib/core/env";
import { ROUTING_CHANNEL } from "@/lib/platform/tenancy/routing-events";
import { startFakeCloudflare, type FakeCloudflare } from "../support/cloudflare-server";
import { startDnsServer, type TestDnsServer } from "../support/dns-server";
import { listenForRouting, type RoutingListener } from "./support/routing-listener";
import { createTenant, type Tenant } from "./support/tenants";

// The checks as the job runs them: a real resolver (node:dns over UDP) against a local DNS
// server whose records each test sets, and a local server speaking Cloudflare's API.

const APP_HOST = "app.afterglow.test";
const APP_V4 = "203.0.113.10";
const APP_V6 = "2001:db8::10";

let dns: TestDnsServer;
let cloudflare: FakeCloudflare;
let routing: RoutingListener;
let pro: Tenant;
let settings: DomainSettings;
const minute = 60_000;

beforeAll(async () => {
  dns = await startDnsServer();
  cloudflare = await startFakeCloudflare();
  routing = await listenForRouting(env.DATABASE_URL!, ROUTING_CHANNEL);
  pro = await createTenant(db, { plan: "professional" });
  settings = domainSettings({
    appHost: APP_HOST,
    resolvers: [dns.address],
    cloudflare: null,
    publicIpv4: null,
  });
});
afterAll(async () => {
  await routing?.close();
  await dns?.close();
  await cloudflare?.close();
});
beforeEach(() => {
  dns.records.clear();
  dns.servfail.clear();
  dns.hold = null;
  dns.set(APP_HOST, { A: [APP_V4], AAAA: [APP_V6] });
});

async function addDomain(hostname: string) {
  const { id } = await addCustomDomain(pro.as("admin"), { hostname });
  return db.domain.findUniqueOrThrow({ where: { id } });
}
const row = (id: string) => db.domain.findUniqueOrThrow({ where: { id } });
const check = (id: string, at: Date, s: DomainSettings = settings) =>
  checkDomain(id, { settings: s, now: () => at });
/** Committed notifications arrive asynchronously on the listening connection. */
const announced = async (before: number) =>
  expect.poll(() => routing.count(), { timeout: 5_000, interval: 50 }).toBeGreaterThan(before);

describe("a custom domain's checks, end to end", () => {
  it("not found → waiting verification → (wrong TXT) → configured and active, announced", async () => {
    const domain = await addDomain("photos.fest-one.com");
    const t0 = new Date();

    await check(domain.id, t0);
    expect(await row(domain.id)).toMatchObject({
      status: "pending",
      dnsState: "not_found",
      lastError: "nxdomain",
      attempts: 1,
      lastCheckedAt: t0,
      nextCheckAt: new Date(t0.getTime() + minute),
    });

    dns.set("photos.fest-one.com", { CNAME: APP_HOST });
    await check(domain.id, new Date(t0.getTime() + minute));
    expect(await row(domain.id)).toMatchObject({
      dnsState: "waiting_verification",
      lastError: "txtMissing",
      attempts: 2,
    });

    dns.set("_afterglow.photos.fest-one.com", { TXT: ["afterglow-verify=not-the-token"] });
    await check(domain.id, new Date(t0.getTime() + 3 * minute));
    expect(await row(domain.id)).toMatchObject({
      dnsState: "waiting_verification",
      lastError: "txtMismatch",
      attempts: 3,
    });

    const before = routing.count();
    dns.set("_afterglow.photos.fest-one.com", {
      TXT: ["v=spf1 -all", `afterglow-verify=${domain.verificationToken}`],
    });
    const done = new Date(t0.getTime() + 7 * minute);
    const result = await check(domain.id, done);
    expect(result).toEqual({ outcome: "checked", routingChanged: true });
    expect(await row(domain.id)).toMatchObject({
      status: "active",
      dnsState: "configured",
      attempts: 0,
      lastError: null,
      activatedAt: done,
    });
    await announced(before);
  });

  it("an apex domain with A/AAAA answers equal to the app's is configured", async () => {
    const domain = await addDomain("fest-two.com");
    dns.set("fest-two.com", { A: [APP_V4], AAAA: [APP_V6] });
    dns.set("_afterglow.fest-two.com", { TXT: [`afterglow-verify=${domain.verificationToken}`] });
    await check(domain.id, new Date());
    expect(await row(domain.id)).toMatchObject({ status: "active", dnsState: "configured" });
  });

  it("the configured APP_PUBLIC_IPV4 counts as the app", async () => {
    const domain = await addDomain("fest-ip.com");
    dns.set("fest-ip.com", { A: ["198.51.100.20"] });
    dns.set("_afterglow.fest-ip.com", { TXT: [`afterglow-verify=${domain.verificationToken}`] });
    await check(domain.id, new Date());
    expect((await row(domain.id)).dnsState).toBe("propagating");
    await check(domain.id, new Date(), { ...settings, publicIpv4: "198.51.100.20" });
    expect((await row(domain.id)).status).toBe("active");
  });

  it("propagation: records partly at the app keep propagating, and after 6 hours stop as not found", async () => {
    const domain = await addDomain("fest-three.com");
    dns.set("fest-three.com", { A: [APP_V4, "198.51.100.7"] });
    dns.set("_afterglow.fest-three.com", { TXT: [`afterglow-verify=${domain.verificationToken}`] });
    const t0 = new Date();
    await check(domain.id, t0);
    expect(await row(domain.id)).toMatchObject({
      dnsState: "propagating",
      propagatingSince: t0,
      lastError: "routingMismatch",
    });

    await check(domain.id, new Date(t0.getTime() + 2 * 60 * minute));
    expect(await row(domain.id)).toMatchObject({
      dnsState: "propagating",
      propagatingSince: t0,
      attempts: 2,
    });

    await check(domain.id, new Date(t0.getTime() + PROPAGATION_LIMIT_MS));
    expect(await row(domain.id)).toMatchObject({
      status: "pending",
      dnsState: "not_found",
      lastError: "propagationTimeout",
      nextCheckAt: null,
    });
  });

  it("a record pointing elsewhere is propagating, not configured", async () => {
    const domain = await addDomain("www.fest-four.com");
    dns.set("www.fest-four.com", { CNAME: "elsewhere.example.net" });
    dns.set("elsewhere.example.net", { A: ["198.51.100.99"] });
    await check(domain.id, new Date());
    expect(await row(domain.id)).toMatchObject({
      dnsState: "propagating",
      lastError: "routingMismatch",
      status: "pending",
    });
  });

  it("a resolver failure keeps the state and backs off", async () => {
    const domain = await addDomain("fest-five.com");
    dns.servfail.add("fest-five.com");
    const t0 = new Date();
    await check(domain.id, t0);
    expect(await row(domain.id)).toMatchObject({
      dnsState: "checking",
      lastError: "resolverFailed",
      attempts: 1,
      nextCheckAt: new Date(t0.getTime() + minute),
    });
  });

  it("backoff 1, 2, 4 minutes; the scheduler claims only due rows, once; Check again starts over", async () => {
    const domain = await addDomain("fest-six.com");
    let t = new Date();
    const waits: number[] = [];
    for (let i = 0; i < 3; i++) {
      await check(domain.id, t);
      const next = (await row(domain.id)).nextCheckAt!;
      waits.push((next.getTime() - t.getTime()) / minute);
      t = next;
    }
    expect(waits).toEqual([1, 2, 4]);

    const due = (await row(domain.id)).nextCheckAt!;
    expect(await claimDueDomains(new Date(due.getTime() - 1000))).not.toContain(domain.id);
    const [first, second] = await Promise.all([claimDueDomains(due), claimDueDomains(due)]);
    expect([...first!, ...second!].filter((id) => id === domain.id)).toHaveLength(1);
    expect((await row(domain.id)).nextCheckAt).toEqual(new Date(due.getTime() + CHECK_LEASE_MS));
    expect(await claimDueDomains(due)).not.toContain(domain.id);

    const now = new Date();
    await retryDomainCheck(pro.as("admin"), domain.id, now);
    expect(await row(domain.id)).toMatchObject({
      dnsState: "checking",
      attempts: 0,
      lastError: null,
      nextCheckAt: now,
    });
    expect(await claimDueDomains(new Date(now.getTime() + 1))).toContain(domain.id);
  });

  it("a check whose row changed meanwhile (a slug change, Check again) is not written", async () => {
    const domain = await addDomain("fest-seven.com");
    dns.set("fest-seven.com", { CNAME: APP_HOST });
    let release!: () => void;
    dns.hold = new Promise((resolve) => (release = resolve));
    const asked = dns.received;
    const pending = check(domain.id, new Date());
    // The check has read the row and is waiting on DNS: the row changes under it.
    await expect.poll(() => dns.received, { timeout: 5_000, interval: 20 }).toBeGreaterThan(asked);
    await db.domain.update({ where: { id: domain.id }, data: { lastError: "touched" } });
    dns.hold = null;
    release();
    expect(await pending).toEqual({ outcome: "stale" });
    expect(await row(domain.id)).toMatchObject({ lastError: "touched", dnsState: "checking", attempts: 0 });
  });
});

describe("a custom domain on a plan without custom domains", () => {
  // Attacker review: a domain added on a trial or Professional plan, still pending at the
  // downgrade, went live (and got certificates from tls-allowed) once its DNS was verified.
  it("verified DNS keeps it pending, not routed, and refused a certificate; an upgrade activates it", async () => {
    const starter = await createTenant(db, { plan: "starter" });
    const domain = await db.domain.create({
      data: {
        companyId: starter.id,
        hostname: "photos.lapsed-co.com",
        kind: "custom",
        status: "pending",
        verificationToken: "lapsed-token-0123456789",
      },
    });
    dns.set("photos.lapsed-co.com", { CNAME: APP_HOST });
    dns.set("_afterglow.photos.lapsed-co.com", { TXT: ["afterglow-verify=lapsed-token-0123456789"] });
    const t0 = new Date();

    const result = await check(domain.id, t0);
    expect(result).toEqual({ outcome: "checked", routingChanged: false });
    expect(await row(domain.id)).toMatchObject({
      status: "pending",
      dnsState: "configured",
      activatedAt: null,
      lastError: null,
      nextCheckAt: new Date(t0.getTime() + PLAN_GATED_RECHECK_MS),
    });
    expect(await tlsAllowed("photos.lapsed-co.com")).toBe(false);

    await db.company.update({ where: { id: starter.id }, data: { plan: "professional" } });
    const later = new Date(t0.getTime() + PLAN_GATED_RECHECK_MS);
    expect(await check(domain.id, later)).toEqual({ outcome: "checked", routingChanged: true });
    expect(await row(domain.id)).toMatchObject({ status: "active", activatedAt: later });
    expect(await tlsAllowed("photos.lapsed-co.com")).toBe(true);
  });
});

describe("the subdomain record", () => {
  it("without a DNS provider only resolution is checked (no provider call)", async () => {
    const tenant = await createTenant(db, { plan: "starter" });
    const { id } = await createSubdomain(tenant.as("admin"));
    const domain = await row(id);
    expect(domain.hostname).toBe(`${tenant.slug}.localhost`);
    dns.set(domain.hostname, { A: [APP_V4] });
    const requests = cloudflare.requests.length;
    await check(id, new Date());
    expect(await row(id)).toMatchObject({ status: "active", dnsState: "configured", providerRecordId: null });
    expect(cloudflare.requests.length).toBe(requests);
    // Creating it again is the same record.
    expect((await createSubdomain(tenant.as("admin"))).id).toBe(id);
  });

  it("with Cloudflare: creates the CNAME once, follows a slug change (new record; the old one stays, for the old name's redirect), keeps the provider's refusal", async () => {
    const cf: DomainSettings = {
      ...settings,
      cloudflare: {
        apiUrl: cloudflare.url,
        token: cloudflare.token,
        zoneId: cloudflare.zoneId,
        proxied: true,
      },
    };
    const tenant = await createTenant(db);
    const { id } = await createSubdomain(tenant.as("admin"));
    const { hostname } = await row(id);

    await check(id, new Date(), cf);
    const created = [...cloudflare.records.values()].filter((r) => r.name === hostname);
    expect(created).toEqual([expect.objectContaining({ type: "CNAME", content: APP_HOST, proxied: true })]);
    expect(cloudflare.requests.every((r) => r.authorization === `Bearer ${cloudflare.token}`)).toBe(true);
    expect(await row(id)).toMatchObject({ providerRecordId: created[0]!.id, dnsState: "not_found" });

    // Checked again while DNS catches up: the existing record is adopted, not duplicated.
    dns.set(hostname, { CNAME: APP_HOST });
    await check(id, new Date(), cf);
    expect([...cloudflare.records.values()].filter((r) => r.name === hostname)).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: "active", providerRecordId: created[0]!.id });

    // The slug changes (ADDRESS's transaction calls this hook).
    const newSlug = `${tenant.slug}-new`;
    await db.$transaction(async (tx) => {
      await tx.company.update({ where: { id: tenant.id }, data: { slug: newSlug } });
      await subdomainAfterSlugChange(tx, tenant.id, newSlug);
    });
    const moved = await row(id);
    expect(moved).toMatchObject({
      hostname: `${newSlug}.localhost`,
      status: "pending",
      dnsState: "checking",
      attempts: 0,
      activatedAt: null,
    });
    expect(moved.nextCheckAt!.getTime()).toBeLessThanOrEqual(Date.now());
    expect(await claimDueDomains()).toContain(id);

    await check(id, new Date(), cf);
    const names = [...cloudflare.records.values()].map((r) => r.name);
    expect(names).toContain(`${newSlug}.localhost`);
    // The old name still points at the app, which answers its permanent redirect.
    expect(names).toContain(hostname);
    expect((await row(id)).providerRecordId).not.toBe(created[0]!.id);

    // The provider refuses (4xx): rejected, its message kept, no more automatic checks.
    await retryDomainCheck(tenant.as("admin"), id);
    cloudflare.records.clear();
    cloudflare.failNext(400, 9000, "DNS name is invalid.");
    await check(id, new Date(), cf);
    expect(await row(id)).toMatchObject({
      status: "rejected",
      lastError: "Cloudflare: DNS name is invalid. (9000)",
      nextCheckAt: null,
    });

    // A 5xx is the provider being down: retried later, still pending.
    await retryDomainCheck(tenant.as("admin"), id);
    cloudflare.failNext(500, 10001, "Internal error");
    await check(id, new Date(), cf);
    expect(await row(id)).toMatchObject({ status: "pending", lastError: "providerUnavailable" });
    expect((await row(id)).nextCheckAt).not.toBeNull();
  });
});
