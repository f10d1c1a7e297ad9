/**
 * Reads for the public pages, as plain functions of a Prisma client (integration tests pass
 * their own). `lib/surfaces/public-site/queries.ts` wraps them with the app's client and the tagged cache.
 */
import { db } from "@/lib/core/db";
import { loadVersions } from "@/lib/surfaces/public-site/load-versions";
import { toPublicCompany } from "@/lib/surfaces/public-site/mappers";
import { companySelect, type CompanyRow } from "@/lib/surfaces/public-site/selects";
import type { PublicCompany } from "@/lib/surfaces/public-site/types";

export async function findCompanyId(slug: string): Promise<string | null> {
  const row = await db.company.findUnique({ where: { slug: slug.toLowerCase() }, select: { id: true } });
  return row?.id ?? null;
}

/** The company's row; the page loaders read its texts' versions with their own (one query a page). */
export function loadCompanyRow(companyId: string): Promise<CompanyRow | null> {
  return db.company.findUnique({ where: { id: companyId }, select: companySelect });
}

export async function loadCompany(companyId: string): Promise<PublicCompany | null> {
  const row = await loadCompanyRow(companyId);
  return row ? toPublicCompany(row, await loadVersions(companyId)) : null;
}
