import "server-only";
import { db } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors";
import { hashSecretToken } from "@/lib/core/secret-token";
import { can } from "@/lib/platform/access/permissions";
import { mustUseTwoFactor, twoFactorRequiredMessage } from "@/lib/platform/access/two-factor-policy";
import { assertPlanAllows } from "@/lib/platform/plans/enforce";
import type { Membership } from "@/lib/platform/tenancy/membership";
import { isApiScope, type ApiScope } from "@/lib/features/api-keys/scopes";

/**
 * Who is calling /api/v1 (issue #38): the key's company and the admin who made it, narrowed to
 * the key's scopes. The membership is built from the maker's *current* profile, so the lib
 * functions the routes call check the same permissions as for that person in the admin area,
 * scoped by the same company id; a key never does more than its maker could.
 */
export interface ApiCaller {
  keyId: string;
  scopes: ReadonlySet<ApiScope>;
  membership: Membership;
}

/** Every refusal of a key is a 401 with its own message: only the holder of the token can tell them apart. */
const unauthorized = (messageKey: string) => new AppError("unauthorized", messageKey);

/** How often a key's "last used" is written: once a minute is what the list can show. */
const LAST_USED_EVERY_MS = 60_000;
/** Per process: when each key's last use was last written (bounded by the number of live keys). */
const lastUsedWritten = new Map<string, number>();

export async function authenticateApiKey(token: string, now = new Date()): Promise<ApiCaller> {
  const key = await db.apiKey.findUnique({
    where: { tokenHash: hashSecretToken(token) },
    select: {
      id: true,
      companyId: true,
      scopes: true,
      expiresAt: true,
      revokedAt: true,
      company: {
        select: { id: true, name: true, slug: true, plan: true, logoKey: true, twoFactorRequired: true },
      },
      createdBy: {
        select: {
          id: true,
          email: true,
          twoFactorEnabled: true,
          profile: { select: { displayName: true, role: true, companyId: true } },
        },
      },
    },
  });
  if (!key) throw unauthorized("api.errors.keyInvalid");
  if (key.revokedAt) throw unauthorized("api.errors.keyRevoked");
  if (key.expiresAt && key.expiresAt.getTime() <= now.getTime()) throw unauthorized("api.errors.keyExpired");
  const profile = key.createdBy.profile;
  // Its maker left the company (or moved to another): the key goes with them.
  if (!profile || profile.companyId !== key.companyId) throw unauthorized("api.errors.keyOwnerLeft");
  // Keys are an admin's (made under `settings.edit`): a maker who is no longer one takes theirs
  // along, even if a demotion's revocation (lib/features/team/manage-members.ts) were missed.
  if (!can(profile.role, "settings.edit")) throw unauthorized("api.errors.keyOwnerNotAdmin");
  // The company's two-factor rule holds for its admins' keys as for their sessions.
  const { twoFactorRequired, ...company } = key.company;
  if (mustUseTwoFactor(twoFactorRequired, profile.role) && !key.createdBy.twoFactorEnabled) {
    throw new AppError("forbidden", twoFactorRequiredMessage(twoFactorRequired));
  }
  // A company that moved off Enterprise keeps its keys, unusable until it is back.
  await assertPlanAllows(key.companyId, "api", now);
  return {
    keyId: key.id,
    scopes: new Set(key.scopes.filter(isApiScope)),
    membership: {
      userId: key.createdBy.id,
      email: key.createdBy.email,
      displayName: profile.displayName,
      role: profile.role,
      company,
    },
  };
}

/**
 * Records that a key was used, after an answer that succeeded: a refused request (bad input,
 * missing scope, over the limit) stores nothing, like every other refused request of the app.
 */
export async function recordKeyUse(keyId: string, now = new Date()): Promise<void> {
  const written = lastUsedWritten.get(keyId);
  if (written !== undefined && now.getTime() - written < LAST_USED_EVERY_MS) return;
  lastUsedWritten.set(keyId, now.getTime());
  if (lastUsedWritten.size > 10_000) lastUsedWritten.delete(lastUsedWritten.keys().next().value as string);
  // Conditional: several processes write it at most about once a minute between them. Never
  // throws: the answer already succeeded, and "last used" is bookkeeping.
  try {
    await db.apiKey.updateMany({
      where: {
        id: keyId,
        OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: new Date(now.getTime() - LAST_USED_EVERY_MS) } }],
      },
      data: { lastUsedAt: now },
    });
  } catch (error) {
    console.error("[afterglow] api key last-used write failed", { keyId, error });
  }
}

/** A 403 unless the key holds `scope` (read scope cannot write). */
export function assertScope(caller: ApiCaller, scope: ApiScope): void {
  if (!caller.scopes.has(scope)) {
    throw new AppError("forbidden", "api.errors.scope", { values: { scope } });
  }
}
