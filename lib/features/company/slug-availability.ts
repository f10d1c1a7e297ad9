import "server-only";
import { companySlugInput } from "@/lib/features/company/change-slug";
import { slugStatus, type SlugStatus } from "@/lib/features/company/slug-holds";
import { db } from "@/lib/core/db";
import { parseOrThrow } from "@/lib/core/errors";
import { consumeLimits, rateLimited } from "@/lib/core/rate-limit/limiter";
import type { Membership } from "@/lib/platform/tenancy/membership";
import { assertCan } from "@/lib/platform/access/permissions";
import { companySlugProblem } from "@/lib/platform/site/slug";

export type SlugAvailability = SlugStatus | "invalid" | "reserved";

/** Checks an admin may run per minute while typing (debounced, so far more than a person needs). */
export const SLUG_CHECKS_PER_MINUTE = 60;

/**
 * The live check of the slug editor: two indexed reads, counted per admin. It says only
 * whether the slug could be had — never which company has or holds it.
 */
export async function checkSlugAvailability(
  membership: Membership,
  input: unknown,
): Promise<SlugAvailability> {
  assertCan(membership, "settings.edit");
  const slug = parseOrThrow(companySlugInput, input);
  const limit = await consumeLimits([
    { key: `slug-check:${membership.userId}`, limit: SLUG_CHECKS_PER_MINUTE },
  ]);
  if (!limit.allowed) throw rateLimited(limit.retryAfter, "settings.address.errors.rateLimited");
  return companySlugProblem(slug) ?? slugStatus(db, slug, membership.company.id);
}
