import "server-only";
import { db } from "@/lib/core/db";
import {
  createCloudflareClient,
  DnsProviderError,
  ensureCnameRecord,
} from "@/lib/features/domains/cloudflare";
import { createResolver, observeDomain } from "@/lib/features/domains/dns-lookup";
import { verificationName, verificationValue } from "@/lib/features/domains/hostname";
import { domainSettings, type DomainSettings } from "@/lib/features/domains/settings";
import { transition, type Observation } from "@/lib/features/domains/state-machine";
import { loadEffectivePlan } from "@/lib/platform/plans/effective";
import { planAllows } from "@/lib/platform/plans/gate";
import { announceRoutingChange } from "@/lib/platform/tenancy/routing-events";

/**
 * One background check of one domain (the `domain-check` job; never in a request): the DNS
 * provider's record for a subdomain when one is configured, then what DNS says, through the state
 * machine, stored. The result is written only if the row did not change meanwhile (a slug change
 * or a "Check again" during the lookups): their own check follows, this one's answer is stale.
 */
export async function checkDomain(
  domainId: string,
  options: { settings?: DomainSettings; now?: () => Date } = {},
): Promise<{ outcome: "checked" | "gone" | "stale"; routingChanged?: boolean }> {
  const settings = options.settings ?? domainSettings();
  const now = options.now ?? (() => new Date());
  const domain = await db.domain.findUnique({ where: { id: domainId } });
  if (!domain) return { outcome: "gone" };

  let providerRecordId = domain.providerRecordId;
  let observation: Observation | null = null;
  if (domain.kind === "subdomain" && settings.cloudflare && domain.status !== "active") {
    try {
      providerRecordId = await ensureCnameRecord(
        createCloudflareClient(settings.cloudflare),
        domain.hostname,
        settings.appHost,
      );
    } catch (error) {
      if (!(error instanceof DnsProviderError)) throw error;
      observation = error.rejected
        ? { kind: "providerRejected", message: error.message }
        : { kind: "providerError" };
    }
  }

  observation ??= await observeDomain(createResolver(settings.resolvers), {
    hostname: domain.hostname,
    appHost: settings.appHost,
    appAddresses: settings.publicIpv4 ? [settings.publicIpv4] : [],
    txt:
      domain.kind === "custom" && domain.verificationToken
        ? { name: verificationName(domain.hostname), value: verificationValue(domain.verificationToken) }
        : undefined,
  });

  const at = now();
  // A custom domain goes live only on a plan that includes custom domains (state-machine.ts).
  const customDomainsAllowed =
    domain.kind !== "custom" ||
    planAllows((await loadEffectivePlan(db, domain.companyId, at)).plan, "customDomains");
  const next = transition(domain, observation, at, { customDomainsAllowed });
  const written = await db.$transaction(async (tx) => {
    const { count } = await tx.domain.updateMany({
      where: { id: domain.id, updatedAt: domain.updatedAt },
      data: {
        status: next.status,
        dnsState: next.dnsState,
        attempts: next.attempts,
        lastError: next.lastError,
        lastCheckedAt: next.lastCheckedAt,
        nextCheckAt: next.nextCheckAt,
        propagatingSince: next.propagatingSince,
        activatedAt: next.activatedAt,
        providerRecordId,
      },
    });
    // Delivered on commit: every instance reloads its host → company table.
    if (count > 0 && next.routingChanged && domain.kind === "custom") await announceRoutingChange(tx);
    return count > 0;
  });
  return written ? { outcome: "checked", routingChanged: next.routingChanged } : { outcome: "stale" };
}

/** How long a scheduled check holds its row before another scheduler may pick it again. */
export const CHECK_LEASE_MS = 5 * 60_000;

/**
 * The scheduler's half: claims up to `limit` domains whose check is due and pushes their
 * `nextCheckAt` a lease ahead, so another scheduler run (another worker) skips them; the check
 * then sets the real next time. `FOR UPDATE SKIP LOCKED`: two schedulers never claim one row.
 */
export async function claimDueDomains(now: Date = new Date(), limit = 50): Promise<string[]> {
  const lease = new Date(now.getTime() + CHECK_LEASE_MS);
  const rows = await db.$queryRaw<{ id: string }[]>`
    UPDATE domain SET "nextCheckAt" = ${lease}
    WHERE id IN (
      SELECT id FROM domain WHERE "nextCheckAt" <= ${now}
      ORDER BY "nextCheckAt" LIMIT ${limit} FOR UPDATE SKIP LOCKED
    )
    RETURNING id`;
  return rows.map((r) => r.id);
}
