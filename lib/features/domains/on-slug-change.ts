import "server-only";
import { subdomainHostname } from "@/lib/features/domains/hostname";
import { domainSettings } from "@/lib/features/domains/settings";
import type { Prisma } from "@/lib/generated/prisma/client";

/**
 * Called inside the slug-change transaction (lib/company slug change), after the company row
 * has its new slug: moves the company's subdomain record, if any, to the new label and starts
 * its checks again. Owned by lib/domains.
 *
 * No job is sent from here: a pg-boss job sent on another connection could run before this
 * transaction commits (and see the old name) or survive its rollback. `nextCheckAt = now` is
 * the request instead — the minutely scheduler picks the row up once it is committed. The job
 * then creates the provider's record for the new name and deletes the old one
 * (`providerRecordId` is kept for that).
 */
export async function subdomainAfterSlugChange(
  tx: Prisma.TransactionClient,
  companyId: string,
  newSlug: string,
  now: Date = new Date(),
): Promise<void> {
  await tx.domain.updateMany({
    where: { companyId, kind: "subdomain" },
    data: {
      hostname: subdomainHostname(newSlug, domainSettings().appHost),
      status: "pending",
      dnsState: "checking",
      attempts: 0,
      lastError: null,
      propagatingSince: null,
      activatedAt: null,
      lastCheckedAt: null,
      nextCheckAt: now,
    },
  });
}
