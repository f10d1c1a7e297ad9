import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";

/**
 * Called inside the slug-change transaction (lib/company slug change), after the company row
 * has its new slug: moves the company's subdomain record, if any, to the new label and starts
 * its checks again. Owned by lib/domains.
 */
export async function subdomainAfterSlugChange(
  tx: Prisma.TransactionClient,
  companyId: string,
  newSlug: string,
): Promise<void> {
  // Filled in by the subdomain work (lib/domains); until then there is no subdomain record.
  void tx;
  void companyId;
  void newSlug;
}
