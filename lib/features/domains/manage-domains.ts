import "server-only";
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { recordMemberAudit } from "@/lib/core/audit/record";
import { db } from "@/lib/core/db";
import { customHostnameSchema, subdomainHostname } from "@/lib/features/domains/hostname";
import { domainSettings } from "@/lib/features/domains/settings";
import { restartChecks } from "@/lib/features/domains/state-machine";
import { AppError, isUniqueViolation, parseOrThrow } from "@/lib/core/errors";
import { DOMAIN_CHECK_QUEUE } from "@/lib/core/queue/queues";
import { getBoss } from "@/lib/core/queue/sender";
import { assertPlanAllows } from "@/lib/platform/plans/enforce";
import { enforceLimits } from "@/lib/core/rate-limit/limiter";
import type { Membership } from "@/lib/platform/tenancy/membership";
import { assertCan } from "@/lib/platform/access/permissions";
import { announceRoutingChange } from "@/lib/platform/tenancy/routing-events";

/** The most custom domains one company may hold (a guard against runaway adds, not a plan limit). */
export const MAX_CUSTOM_DOMAINS = 20;

/** Days an unproven custom-domain claim blocks the name for other companies. */
export const UNVERIFIED_CLAIM_DAYS = 7;

/** "Check again" clicks a company may make per hour, all its domains together. */
export const RETRIES_PER_HOUR = 30;

const notFound = () => new AppError("not_found", "settings.domains.errors.notFound");

/**
 * Asks for a check now rather than at the scheduler's next minute. Best effort, after the
 * write committed: the row's `nextCheckAt = now` already makes the scheduler pick it up.
 */
async function requestCheck(domainId: string): Promise<void> {
  try {
    const boss = await getBoss();
    await boss.send(DOMAIN_CHECK_QUEUE, { domainId }, { singletonKey: domainId });
  } catch (error) {
    console.warn("[afterglow] domain check not queued (the scheduler will pick it up)", { domainId, error });
  }
}

/** Settings → Domains: the company's subdomain record `{slug}.{root}`, created once. */
export async function createSubdomain(membership: Membership, now = new Date()): Promise<{ id: string }> {
  assertCan(membership, "settings.edit");
  const companyId = membership.company.id;
  let result: { id: string; created: boolean };
  try {
    result = await db.$transaction(async (tx) => {
      // The slug change locks the company row too: the record is made from the slug as it is
      // now, and a second click waits here and finds the first one's record.
      const [row] = await tx.$queryRaw<{ slug: string }[]>`
        SELECT slug FROM "company" WHERE id = ${companyId} FOR UPDATE`;
      if (!row) throw notFound();
      const existing = await tx.domain.findFirst({
        where: { companyId, kind: "subdomain" },
        select: { id: true },
      });
      if (existing) return { id: existing.id, created: false };
      const { id } = await tx.domain.create({
        data: {
          companyId,
          hostname: subdomainHostname(row.slug, domainSettings().appHost),
          kind: "subdomain",
          nextCheckAt: now,
        },
        select: { id: true },
      });
      return { id, created: true };
    });
  } catch (error) {
    // Another row holds the name (never for a slug that is this company's own).
    if (isUniqueViolation(error)) throw new AppError("conflict", "settings.domains.errors.hostnameTaken");
    throw error;
  }
  if (result.created) await requestCheck(result.id);
  return { id: result.id };
}

/** Add a custom domain (plan feature `customDomains`): pending, with a fresh ownership token. */
export async function addCustomDomain(
  membership: Membership,
  input: unknown,
  now = new Date(),
): Promise<{ id: string; hostname: string }> {
  assertCan(membership, "settings.edit");
  await assertPlanAllows(membership.company.id, "customDomains", now);
  const settings = domainSettings();
  const { hostname } = parseOrThrow(
    z.object({
      hostname: customHostnameSchema({
        rootDomain: settings.appHost,
        previewDomains: settings.previewDomains,
      }),
    }),
    input,
  );
  const count = await db.domain.count({ where: { companyId: membership.company.id, kind: "custom" } });
  if (count >= MAX_CUSTOM_DOMAINS) throw new AppError("conflict", "settings.domains.errors.tooMany");
  // A claim nobody proved within a week lapses when another company adds the name: adding a
  // domain one does not own must not block its real owner for ever.
  await db.domain.deleteMany({
    where: {
      hostname,
      kind: "custom",
      companyId: { not: membership.company.id },
      status: { not: "active" },
      activatedAt: null,
      createdAt: { lt: new Date(now.getTime() - UNVERIFIED_CLAIM_DAYS * 24 * 60 * 60 * 1000) },
    },
  });
  let id: string;
  try {
    ({ id } = await db.domain.create({
      data: {
        companyId: membership.company.id,
        hostname,
        kind: "custom",
        verificationToken: randomBytes(16).toString("hex"),
        nextCheckAt: now,
      },
      select: { id: true },
    }));
  } catch (error) {
    // One domain, one company — whose it is stays unsaid, whether ours or another's.
    if (isUniqueViolation(error)) {
      throw new AppError("conflict", "settings.domains.errors.hostnameTaken", {
        fieldErrors: { hostname: "settings.domains.errors.hostnameTaken" },
      });
    }
    throw error;
  }
  await recordMemberAudit(membership, {
    record: { table: "domain", id },
    details: { operation: "custom_domain_added", hostname },
  });
  await requestCheck(id);
  return { id, hostname };
}

/** Remove a custom domain; if it was routed, every instance's routing table drops it. */
export async function removeCustomDomain(membership: Membership, domainId: string): Promise<void> {
  assertCan(membership, "settings.edit");
  const removed = await db.$transaction(async (tx) => {
    const domain = await tx.domain.findFirst({
      where: { id: domainId, companyId: membership.company.id, kind: "custom" },
      select: { id: true, hostname: true },
    });
    if (!domain) return null;
    await tx.domain.delete({ where: { id: domain.id } });
    // Announced for any removal (not only an active one): a check may have activated it meanwhile.
    await announceRoutingChange(tx);
    return domain;
  });
  if (!removed) throw notFound();
  await recordMemberAudit(membership, {
    record: { table: "domain", id: removed.id },
    details: { operation: "custom_domain_removed", hostname: removed.hostname },
  });
}

/** "Check again": a fresh backoff and a check now (subdomain or custom domain). */
export async function retryDomainCheck(
  membership: Membership,
  domainId: string,
  now = new Date(),
): Promise<void> {
  assertCan(membership, "settings.edit");
  const domain = await db.domain.findFirst({
    where: { id: domainId, companyId: membership.company.id },
    select: { id: true, status: true, kind: true },
  });
  if (!domain) throw notFound();
  // A custom domain is checked (and may become active) only while the plan includes it.
  if (domain.kind === "custom") await assertPlanAllows(membership.company.id, "customDomains", now);
  // Each check is DNS lookups and, for a subdomain, a call on the operator's DNS provider quota.
  await enforceLimits(
    [{ key: `domain-retry:${membership.company.id}`, limit: RETRIES_PER_HOUR }],
    60 * 60,
    "settings.domains.errors.tooManyRetries",
  );
  await db.domain.updateMany({
    where: { id: domain.id, companyId: membership.company.id },
    data: restartChecks(domain, now),
  });
  await requestCheck(domain.id);
}
