import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db";
import {
  addCustomDomain,
  createSubdomain,
  MAX_CUSTOM_DOMAINS,
  removeCustomDomain,
  RETRIES_PER_HOUR,
  retryDomainCheck,
} from "@/lib/features/domains/manage-domains";
import { getDomainsPage } from "@/lib/features/domains/queries";
import { env } from "@/lib/core/env";
import { AppError } from "@/lib/core/errors";
import { PLAN_GATE_MESSAGE } from "@/lib/platform/plans/gate";
import { ROUTING_CHANNEL } from "@/lib/platform/tenancy/routing-events";
import { listenForRouting, type RoutingListener } from "./support/routing-listener";
import { createTenant, type Tenant } from "./support/tenants";

// Adding, removing and re-checking domains as an admin would, against the real database.

let pro: Tenant;
let other: Tenant;
let starter: Tenant;
let routing: RoutingListener;

beforeAll(async () => {
  pro = await createTenant(db, { plan: "professional" });
  other = await createTenant(db, { plan: "enterprise" });
  starter = await createTenant(db, { plan: "starter" });
  routing = await listenForRouting(env.DATABASE_URL!, ROUTING_CHANNEL);
});
afterAll(async () => {
  await routing?.close();
});

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("adding a custom domain", () => {
  it("a Professional admin adds one: pending, checking, a random token, due now", async () => {
    const before = new Date();
    const { id, hostname } = await addCustomDomain(pro.as("admin"), { hostname: " Gallery.Fest-Pro.COM " });
    expect(hostname).toBe("gallery.fest-pro.com");
    const row = await db.domain.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({
      companyId: pro.id,
      kind: "custom",
      status: "pending",
      dnsState: "checking",
      attempts: 0,
    });
    expect(row.verificationToken).toMatch(/^[0-9a-f]{32}$/);
    expect(row.nextCheckAt!.getTime()).toBeGreaterThanOrEqual(before.getTime());
    const second = await addCustomDomain(pro.as("admin"), { hostname: "other.fest-pro.com" });
    const token2 = (await db.domain.findUniqueOrThrow({ where: { id: second.id } })).verificationToken;
    expect(token2).not.toBe(row.verificationToken);
  });

  it("Starter is refused by the plan gate, naming the subscription page", async () => {
    const error = await refusal(addCustomDomain(starter.as("admin"), { hostname: "starter-fest.com" }));
    expect(error.code).toBe("forbidden");
    expect(error.messageKey).toBe(PLAN_GATE_MESSAGE);
    expect(error.values.link).toBe("/admin/subscription");
    expect(await db.domain.count({ where: { companyId: starter.id } })).toBe(0);
  });

  it("a trial (Professional while it runs) may add one", async () => {
    const trial = await createTenant(db, { plan: "starter" });
    await db.subscription.create({
      data: {
        companyId: trial.id,
        email: "",
        trialActive: true,
        trialEnd: new Date(Date.now() + 86_400_000),
      },
    });
    await expect(addCustomDomain(trial.as("admin"), { hostname: "trial-fest.com" })).resolves.toMatchObject({
      hostname: "trial-fest.com",
    });
  });

  it("managers and users may not", async () => {
    for (const role of ["manager", "user"] as const) {
      const error = await refusal(addCustomDomain(pro.as(role), { hostname: `${role}-fest.com` }));
      expect(error.code).toBe("forbidden");
    }
  });

  it.each([
    ["https://x.com", "hostnameOnly"],
    ["10.0.0.1", "hostnameIp"],
    ["demo.localhost", "hostnameInvalid"],
    ["x.vercel.app", "hostnamePreview"],
  ])("refuses %j with a field error (%s)", async (hostname, key) => {
    const error = await refusal(addCustomDomain(pro.as("admin"), { hostname }));
    expect(error.code).toBe("validation");
    expect(error.fieldErrors.hostname).toBe(`settings.domains.errors.${key}`);
  });

  it("refuses input that is not an object with a string", async () => {
    for (const input of [null, "x.com", { hostname: ["x.com"] }, { hostname: { not: "" } }]) {
      expect((await refusal(addCustomDomain(pro.as("admin"), input))).code).toBe("validation");
    }
  });

  it("one domain, one company: another company's domain is refused without saying whose", async () => {
    await addCustomDomain(other.as("admin"), { hostname: "held.fest-other.com" });
    const theirs = await refusal(addCustomDomain(pro.as("admin"), { hostname: "held.fest-other.com" }));
    const ours = await refusal(addCustomDomain(other.as("admin"), { hostname: "held.fest-other.com" }));
    expect(theirs.code).toBe("conflict");
    // The same answer whether the caller or someone else holds it.
    expect([theirs.messageKey, theirs.values]).toEqual([ours.messageKey, ours.values]);
    expect(JSON.stringify(theirs)).not.toContain(other.id);
    expect(JSON.stringify(theirs)).not.toContain(other.slug);
    expect(await db.domain.count({ where: { hostname: "held.fest-other.com" } })).toBe(1);
  });

  it("an unproven claim lapses after a week when another company adds the name; a proven one never", async () => {
    const squat = await addCustomDomain(other.as("admin"), { hostname: "squat.fest-real.com" });
    expect((await refusal(addCustomDomain(pro.as("admin"), { hostname: "squat.fest-real.com" }))).code).toBe(
      "conflict",
    );
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 60 * 60 * 1000);
    await db.domain.update({ where: { id: squat.id }, data: { createdAt: eightDaysAgo } });
    const claimed = await addCustomDomain(pro.as("admin"), { hostname: "squat.fest-real.com" });
    expect(await db.domain.findUnique({ where: { id: squat.id } })).toBeNull();
    expect((await db.domain.findUniqueOrThrow({ where: { id: claimed.id } })).companyId).toBe(pro.id);

    const proven = await addCustomDomain(other.as("admin"), { hostname: "proven.fest-real.com" });
    await db.domain.update({
      where: { id: proven.id },
      data: { createdAt: eightDaysAgo, status: "active", activatedAt: eightDaysAgo },
    });
    expect((await refusal(addCustomDomain(pro.as("admin"), { hostname: "proven.fest-real.com" }))).code).toBe(
      "conflict",
    );
  });

  it("concurrent adds of the same host by two companies: exactly one wins", async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) =>
        addCustomDomain((i % 2 ? pro : other).as("admin"), { hostname: "race.fest-both.com" }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) {
      if (r.status === "rejected")
        expect((r.reason as AppError).messageKey).toBe("settings.domains.errors.hostnameTaken");
    }
    expect(await db.domain.count({ where: { hostname: "race.fest-both.com" } })).toBe(1);
  });

  it("caps the number of custom domains per company", async () => {
    const capped = await createTenant(db, { plan: "professional" });
    await db.domain.createMany({
      data: Array.from({ length: MAX_CUSTOM_DOMAINS }, (_, i) => ({
        companyId: capped.id,
        hostname: `d${i}.capped-fest.com`,
        kind: "custom" as const,
      })),
    });
    expect(
      (await refusal(addCustomDomain(capped.as("admin"), { hostname: "one-more.com" }))).messageKey,
    ).toBe("settings.domains.errors.tooMany");
  });
});

describe("removing and re-checking", () => {
  it("removal deletes the row and announces a routing change", async () => {
    const { id } = await addCustomDomain(pro.as("admin"), { hostname: "bye.fest-pro.com" });
    await db.domain.update({ where: { id }, data: { status: "active", activatedAt: new Date() } });
    const before = routing.count();
    await removeCustomDomain(pro.as("admin"), id);
    expect(await db.domain.findUnique({ where: { id } })).toBeNull();
    await expect.poll(() => routing.count(), { timeout: 5_000, interval: 50 }).toBeGreaterThan(before);
  });

  it("another company's domain cannot be removed or re-checked (not found, unchanged)", async () => {
    const { id } = await addCustomDomain(other.as("admin"), { hostname: "mine.fest-other.com" });
    await db.domain.update({
      where: { id },
      data: { attempts: 5, dnsState: "not_found", nextCheckAt: null },
    });
    const snapshot = await db.domain.findUniqueOrThrow({ where: { id } });
    expect((await refusal(removeCustomDomain(pro.as("admin"), id))).code).toBe("not_found");
    expect((await refusal(retryDomainCheck(pro.as("admin"), id))).code).toBe("not_found");
    expect(await db.domain.findUniqueOrThrow({ where: { id } })).toEqual(snapshot);
  });

  it("the subdomain record cannot be removed as a custom domain", async () => {
    const { id } = await createSubdomain(pro.as("admin"));
    expect((await refusal(removeCustomDomain(pro.as("admin"), id))).code).toBe("not_found");
  });

  it("Check again resets a stopped domain: pending, checking, attempts 0, due now", async () => {
    const { id } = await addCustomDomain(pro.as("admin"), { hostname: "again.fest-pro.com" });
    await db.domain.update({
      where: { id },
      data: {
        status: "rejected",
        dnsState: "not_found",
        attempts: 16,
        lastError: "propagationTimeout",
        nextCheckAt: null,
      },
    });
    const now = new Date();
    await retryDomainCheck(pro.as("admin"), id, now);
    expect(await db.domain.findUniqueOrThrow({ where: { id } })).toMatchObject({
      status: "pending",
      dnsState: "checking",
      attempts: 0,
      lastError: null,
      nextCheckAt: now,
    });
  });

  it("Check again of a custom domain needs the plan, and is limited per company", async () => {
    const tenant = await createTenant(db, { plan: "professional" });
    const { id } = await addCustomDomain(tenant.as("admin"), { hostname: "limited.fest-pro.com" });
    for (let i = 0; i < RETRIES_PER_HOUR; i++) await retryDomainCheck(tenant.as("admin"), id);
    expect((await refusal(retryDomainCheck(tenant.as("admin"), id))).code).toBe("rate_limited");
    await db.company.update({ where: { id: tenant.id }, data: { plan: "starter" } });
    expect((await refusal(retryDomainCheck(tenant.as("admin"), id))).messageKey).toBe(PLAN_GATE_MESSAGE);
  });
});

describe("the subdomain record", () => {
  it("concurrent creations make one record", async () => {
    const tenant = await createTenant(db);
    const ids = await Promise.all(Array.from({ length: 4 }, () => createSubdomain(tenant.as("admin"))));
    expect(new Set(ids.map((r) => r.id)).size).toBe(1);
    expect(await db.domain.count({ where: { companyId: tenant.id } })).toBe(1);
  });
});

describe("the page's data", () => {
  it("shows only the company's own domains, with their records, and the plan gate", async () => {
    const page = await getDomainsPage(pro.id);
    expect(page.customDomainsAllowed).toBe(true);
    expect(page.providerConfigured).toBe(false);
    expect(page.customDomains.every((d) => !d.hostname.includes("fest-other"))).toBe(true);
    const gallery = page.customDomains.find((d) => d.hostname === "gallery.fest-pro.com")!;
    const token = (await db.domain.findUniqueOrThrow({ where: { hostname: "gallery.fest-pro.com" } }))
      .verificationToken;
    expect(gallery.records).toEqual([
      { type: "CNAME", name: "gallery.fest-pro.com", value: "localhost" },
      { type: "TXT", name: "_afterglow.gallery.fest-pro.com", value: `afterglow-verify=${token}` },
    ]);
    expect((await getDomainsPage(starter.id)).customDomainsAllowed).toBe(false);
  });
});
