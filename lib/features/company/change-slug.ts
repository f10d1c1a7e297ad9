import "server-only";
import { z } from "zod";
import { recordMemberAudit } from "@/lib/core/audit/record";
import { holdUntil, lockSlugs, releaseRedirectOf, slugStatus } from "@/lib/features/company/slug-holds";
import { db } from "@/lib/core/db";
import { subdomainAfterSlugChange } from "@/lib/features/domains/on-slug-change";
import { AppError, isUniqueViolation, parseOrThrow } from "@/lib/core/errors";
import type { Membership } from "@/lib/platform/tenancy/membership";
import { assertCan } from "@/lib/platform/access/permissions";
import { announceRoutingChange } from "@/lib/platform/tenancy/routing-events";
import { companySlugProblem } from "@/lib/platform/site/slug";

/** The slug as typed: trimmed and lower-cased; its shape is `companySlugProblem`'s business. */
export const companySlugInput = z.string().trim().toLowerCase().max(100, "settings.address.errors.invalid");

const changeSlugSchema = z.object({ slug: companySlugInput }).strict();

type Refusal = "invalid" | "reserved" | "taken" | "held" | "current";

/** The 422 of a slug the company cannot have, on the form's `slug` field. */
/** Slug changes a company may make per window (each releases a slug it holds for 90 days). */
export const SLUG_CHANGES_PER_WINDOW = 5;
export const SLUG_CHANGE_WINDOW_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export function slugRefusal(reason: Refusal): AppError {
  const key = `settings.address.errors.${reason}`;
  return new AppError(reason === "taken" || reason === "held" ? "conflict" : "validation", key, {
    fieldErrors: { slug: key },
  });
}

/**
 * Settings → Address: the company's new slug. In one transaction, serialised with everyone
 * else who wants either slug (`lockSlugs`; the company row is locked first, so two changes of
 * one company queue too): the company takes the slug, its old slug becomes a redirect held
 * for 90 days (`SlugRedirect`), a redirect of the new slug goes (its own old slug taken back,
 * or another company's hold that ended), the subdomain record follows (lib/domains) and every
 * instance's routing table reloads on commit. The caller revalidates both slugs' pages.
 */
export async function changeCompanySlug(
  membership: Membership,
  input: unknown,
): Promise<{ slug: string; previousSlug: string }> {
  assertCan(membership, "settings.edit");
  const { slug } = parseOrThrow(changeSlugSchema, input);
  const problem = companySlugProblem(slug);
  if (problem) throw slugRefusal(problem);
  const companyId = membership.company.id;

  let previousSlug: string;
  try {
    previousSlug = await db.$transaction(async (tx) => {
      const [row] = await tx.$queryRaw<{ slug: string }[]>`
        SELECT slug FROM "company" WHERE id = ${companyId} FOR UPDATE`;
      if (!row) throw new AppError("not_found", "admin.accessDenied.message");
      await lockSlugs(tx, [row.slug, slug]);
      const now = new Date();
      const status = await slugStatus(tx, slug, companyId, now);
      if (status !== "available") throw slugRefusal(status);
      // Every change holds a slug for 90 days: bounded, so one company cannot hoard names
      // (or exhaust onboarding's candidates for a popular name) by renaming in a loop.
      const recent = await tx.slugRedirect.count({
        where: { companyId, releasedAt: { gt: new Date(now.getTime() - SLUG_CHANGE_WINDOW_DAYS * DAY_MS) } },
      });
      if (recent >= SLUG_CHANGES_PER_WINDOW)
        throw new AppError("rate_limited", "settings.address.errors.tooManyChanges", {
          values: { count: SLUG_CHANGES_PER_WINDOW, days: SLUG_CHANGE_WINDOW_DAYS },
        });
      await releaseRedirectOf(tx, slug);
      await tx.company.update({ where: { id: companyId }, data: { slug } });
      const hold = { companyId, releasedAt: now, heldUntil: holdUntil(now) };
      await tx.slugRedirect.upsert({
        where: { slug: row.slug },
        create: { slug: row.slug, ...hold },
        update: hold,
      });
      await subdomainAfterSlugChange(tx, companyId, slug);
      await announceRoutingChange(tx);
      return row.slug;
    });
  } catch (error) {
    // The locks make this unlikely; the unique index is the last word all the same.
    if (isUniqueViolation(error)) throw slugRefusal("taken");
    throw error;
  }

  await recordMemberAudit(membership, {
    details: { operation: "company_slug_changed", from: previousSlug, to: slug },
  });
  return { slug, previousSlug };
}
