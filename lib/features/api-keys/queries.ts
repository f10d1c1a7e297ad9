import "server-only";
import { db } from "@/lib/core/db";
import { loadEffectivePlan } from "@/lib/platform/plans/effective";
import { planAllows } from "@/lib/platform/plans/gate";

export interface ApiKeyView {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  createdBy: string;
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** Settings → Integrations: the company's keys (scoped by company), newest first, and whether its plan allows them. */
export async function getApiKeysPage(companyId: string): Promise<{ allowed: boolean; keys: ApiKeyView[] }> {
  const { plan } = await loadEffectivePlan(db, companyId);
  const rows = await db.apiKey.findMany({
    where: { companyId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: {
      id: true,
      name: true,
      prefix: true,
      scopes: true,
      createdAt: true,
      expiresAt: true,
      lastUsedAt: true,
      revokedAt: true,
      createdBy: { select: { email: true, profile: { select: { displayName: true } } } },
    },
  });
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    allowed: planAllows(plan, "api"),
    keys: rows.map((row) => ({
      id: row.id,
      name: row.name,
      prefix: row.prefix,
      scopes: row.scopes,
      createdBy: row.createdBy.profile?.displayName || row.createdBy.email,
      createdAt: row.createdAt.toISOString(),
      expiresAt: iso(row.expiresAt),
      lastUsedAt: iso(row.lastUsedAt),
      revokedAt: iso(row.revokedAt),
    })),
  };
}
