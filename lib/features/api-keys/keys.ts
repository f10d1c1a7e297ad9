import "server-only";
import { recordMemberAudit } from "@/lib/core/audit/record";
import { db } from "@/lib/core/db";
import { AppError, parseOrThrow } from "@/lib/core/errors";
import { assertCan } from "@/lib/platform/access/permissions";
import { assertPlanAllows } from "@/lib/platform/plans/enforce";
import type { Membership } from "@/lib/platform/tenancy/membership";
import { apiKeyIdSchema, apiKeyInputSchema } from "@/lib/features/api-keys/schemas";
import { MAX_API_KEYS } from "@/lib/features/api-keys/scopes";
import { newApiToken } from "@/lib/features/api-keys/token";

/**
 * An admin's API keys (issue #38). Every function takes the membership the guard resolved,
 * checks `settings.edit` (a key reads leads: admins only, like webhooks) and the plan's `api`
 * feature, and scopes every query by the membership's company.
 */

async function allowed(membership: Membership): Promise<string> {
  assertCan(membership, "settings.edit");
  await assertPlanAllows(membership.company.id, "api");
  return membership.company.id;
}

const DAY_MS = 86_400_000;

/** Creates a key; the token is returned this once and stored only as its SHA-256. */
export async function createApiKey(
  membership: Membership,
  input: unknown,
  now = new Date(),
): Promise<{ id: string; token: string }> {
  const companyId = await allowed(membership);
  const data = parseOrThrow(apiKeyInputSchema, input);
  const { token, tokenHash, prefix } = newApiToken();
  const expiresAt =
    data.lifetime === "never" ? null : new Date(now.getTime() + Number(data.lifetime) * DAY_MS);
  const key = await db.$transaction(async (tx) => {
    // Two creations at once count one after the other.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`api-keys:${companyId}`}, 0))`;
    // Live keys only: an expired one (no longer offered a Revoke button) does not hold a place.
    const live = await tx.apiKey.count({
      where: { companyId, revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] },
    });
    if (live >= MAX_API_KEYS) {
      throw new AppError("validation", "admin.apiKeys.errors.tooMany", { values: { max: MAX_API_KEYS } });
    }
    return tx.apiKey.create({
      data: {
        companyId,
        createdById: membership.userId,
        name: data.name,
        prefix,
        tokenHash,
        scopes: data.scopes,
        expiresAt,
      },
      select: { id: true },
    });
  });
  await recordMemberAudit(membership, {
    record: { table: "api_key", id: key.id },
    details: { operation: "create", scopes: data.scopes, lifetime: data.lifetime },
  });
  return { id: key.id, token };
}

/** Revokes a key at once (kept in the list, greyed, so the organiser sees what was revoked and when). */
export async function revokeApiKey(membership: Membership, keyId: unknown, now = new Date()): Promise<void> {
  const companyId = await allowed(membership);
  const id = parseOrThrow(apiKeyIdSchema, keyId);
  const { count } = await db.apiKey.updateMany({
    where: { id, companyId, revokedAt: null },
    data: { revokedAt: now },
  });
  if (count === 0) throw new AppError("not_found", "admin.apiKeys.errors.notFound");
  await recordMemberAudit(membership, {
    record: { table: "api_key", id },
    details: { operation: "revoke" },
  });
}
