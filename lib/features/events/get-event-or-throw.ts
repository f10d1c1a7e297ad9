import type { PrismaClient } from "@/lib/core/db-client";
import { AppError } from "@/lib/core/errors";
import type { Prisma } from "@/lib/generated/prisma/client";

/** An event of the company, or 404: ownership is part of the query, never checked after. */
export async function getEventOrThrow<S extends Prisma.EventSelect>(
  db: PrismaClient | Prisma.TransactionClient,
  companyId: string,
  eventId: string,
  select: S,
): Promise<Prisma.EventGetPayload<{ select: S }>> {
  const event = await db.event.findFirst({ where: { id: eventId, companyId }, select });
  if (!event) throw new AppError("not_found", "events.errors.notFound");
  return event as Prisma.EventGetPayload<{ select: S }>;
}
