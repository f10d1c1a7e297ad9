import type { PrismaClient } from "@/lib/core/db-client";
import { AppError } from "@/lib/core/errors";
import type { Prisma } from "@/lib/generated/prisma/client";

/** A content of the company, or 404: ownership is part of the query. */
export async function getContentOrThrow<S extends Prisma.ContentSelect>(
  db: PrismaClient | Prisma.TransactionClient,
  companyId: string,
  contentId: string,
  select: S,
): Promise<Prisma.ContentGetPayload<{ select: S }>> {
  const content = await db.content.findFirst({ where: { id: contentId, companyId }, select });
  if (!content) throw new AppError("not_found", "content.errors.notFound");
  return content as Prisma.ContentGetPayload<{ select: S }>;
}
