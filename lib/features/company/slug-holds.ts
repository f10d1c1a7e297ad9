import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";

/**
 * Who may have a company slug (shared by the slug change, its live check and onboarding):
 * a slug is free unless a company has it or another company's released slug still holds it
 * (`SlugRedirect.heldUntil` in the future: 90 days after the change). A company may always
 * take back a slug it released itself; a hold that ended may be taken by anyone.
 */
export const SLUG_HOLD_DAYS = 90;
const DAY_MS = 86_400_000;

export type SlugStatus = "available" | "current" | "taken" | "held";

type Reader = Pick<Prisma.TransactionClient, "company" | "slugRedirect">;

/** The slug's status for `companyId` (null: a company not created yet, onboarding). */
export async function slugStatus(
  client: Reader,
  slug: string,
  companyId: string | null,
  now = new Date(),
): Promise<SlugStatus> {
  const owner = await client.company.findUnique({ where: { slug }, select: { id: true } });
  if (owner) return owner.id === companyId ? "current" : "taken";
  const hold = await client.slugRedirect.findUnique({
    where: { slug },
    select: { companyId: true, heldUntil: true },
  });
  if (hold && hold.companyId !== companyId && hold.heldUntil > now) return "held";
  return "available";
}

/**
 * Serialises everyone who wants these slugs until the transaction ends (a transaction-level
 * advisory lock per slug, taken in sorted order so two callers cannot deadlock): two
 * companies racing for one slug, or onboarding racing a slug change, decide one after the
 * other, and the second sees what the first did.
 */
export async function lockSlugs(tx: Prisma.TransactionClient, slugs: readonly string[]): Promise<void> {
  for (const slug of [...new Set(slugs)].sort()) {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`company-slug:${slug}`}))`;
  }
}

/**
 * Makes a free slug the caller's inside the transaction (after `lockSlugs`): removes the
 * redirect row of the slug (the caller's own old slug, or a hold that ended), so it no longer
 * redirects anywhere. Answers whether a redirect was removed (the routing table changed).
 */
export async function releaseRedirectOf(tx: Prisma.TransactionClient, slug: string): Promise<boolean> {
  const { count } = await tx.slugRedirect.deleteMany({ where: { slug } });
  return count > 0;
}

/** The end of a hold that starts now. */
export function holdUntil(now: Date): Date {
  return new Date(now.getTime() + SLUG_HOLD_DAYS * DAY_MS);
}
