import type PgBoss from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db";
import { domainSettings } from "@/lib/features/domains/settings";
import { env } from "@/lib/core/env";
import { createBoss, ensureQueues } from "@/lib/core/queue/boss";
import { DOMAIN_SCHEDULE_QUEUE } from "@/lib/core/queue/queues";
import { startDomainChecks } from "@/lib/surfaces/workers/domains";
import { startDnsServer, type TestDnsServer } from "../support/dns-server";
import { createTenant } from "./support/tenants";

// The checks as the app runs them: the scheduler queue claims due rows and the domain-check
// queue checks them, on pg-boss in this database, against the local DNS server.

let boss: PgBoss | undefined;
let dns: TestDnsServer;

beforeAll(async () => {
  dns = await startDnsServer();
});
afterAll(async () => {
  await boss?.stop({ graceful: false, wait: true }).catch(() => undefined);
  await dns?.close();
});

describe("domain check jobs", () => {
  it("a due domain is claimed by the scheduler and checked by the worker; one not due is left alone", async () => {
    const tenant = await createTenant(db, { plan: "professional" });
    const due = await db.domain.create({
      data: {
        companyId: tenant.id,
        hostname: "due.job-fest.com",
        kind: "custom",
        verificationToken: "tok",
        nextCheckAt: new Date(),
      },
    });
    const later = await db.domain.create({
      data: {
        companyId: tenant.id,
        hostname: "later.job-fest.com",
        kind: "custom",
        verificationToken: "tok2",
        nextCheckAt: new Date(Date.now() + 3_600_000),
      },
    });
    dns.set("app.job.test", { A: ["203.0.113.30"] });
    dns.set("due.job-fest.com", { CNAME: "app.job.test" });
    dns.set("_afterglow.due.job-fest.com", { TXT: ["afterglow-verify=tok"] });

    boss = createBoss(env.DATABASE_URL!, { max: 2 });
    await boss.start();
    await ensureQueues(boss);
    const settings = domainSettings({ appHost: "app.job.test", resolvers: [dns.address], cloudflare: null });
    const jobs = await startDomainChecks(boss, { cron: null, settings, pollingIntervalSeconds: 0.5 });
    await boss.send(DOMAIN_SCHEDULE_QUEUE, {});

    await expect
      .poll(async () => (await db.domain.findUniqueOrThrow({ where: { id: due.id } })).status, {
        timeout: 30_000,
        interval: 250,
      })
      .toBe("active");
    expect(await db.domain.findUniqueOrThrow({ where: { id: later.id } })).toMatchObject({
      dnsState: "checking",
      lastCheckedAt: null,
    });
    expect(dns.queries.some((q) => q.endsWith("later.job-fest.com"))).toBe(false);
    await jobs.stop();
  });
});
