/**
 * Reads for the public pages, as plain functions of a Prisma client (integration tests pass
 * their own). `lib/public/queries.ts` wraps them with the app's client and the tagged cache.
 */
import { db } from "@/lib/db";
import { toPublicCompany } from "@/lib/public/mappers";
import { companySelect } from "@/lib/public/selects";
import type { PublicCompany } from "@/lib/public/types";

export async function findCompanyId(slug: string): Promise<string | null> {
  const row = await db.company.findUnique({ where: { slug: slug.toLowerCase() }, select: { id: true } });
  return row?.id ?? null;
}

export async function loadCompany(companyId: string): Promise<PublicCompany | null> {
  const row = await db.company.findUnique({ where: { id: companyId }, select: companySelect });
  return row ? toPublicCompany(row) : null;
}
