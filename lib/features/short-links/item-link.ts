import "server-only";
import { db } from "@/lib/core/db";
import type { PrismaClient } from "@/lib/core/db-client";
import { isUniqueViolation } from "@/lib/core/errors";
import { newShortCode } from "@/lib/features/short-links/code";

export type ShortLinkItem = { kind: "event"; id: string } | { kind: "content"; id: string };

const MAX_ATTEMPTS = 4;

/**
 * Runs `create` with fresh codes until one is free: a clash of 50 random bits is all but
 * impossible, but the unique constraint decides, not luck.
 */
export async function withFreshCode<T>(create: (code: string) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await create(newShortCode());
    } catch (error) {
      if (!isUniqueViolation(error, "short_link_code_key") || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}

/**
 * The item's plain short link code, created on first need. The item must belong to
 * `companyId` (callers load it scoped first). Two first requests at once create one row: the
 * unique `itemKey` refuses the second insert, which then reads the winner's code.
 */
export async function itemShortCode(
  companyId: string,
  item: ShortLinkItem,
  client: PrismaClient = db,
): Promise<string> {
  const itemKey = `${item.kind}:${item.id}`;
  const existing = await client.shortLink.findUnique({ where: { itemKey }, select: { code: true } });
  if (existing) return existing.code;
  try {
    const created = await withFreshCode((code) =>
      client.shortLink.create({
        data: {
          code,
          companyId,
          itemKey,
          ...(item.kind === "event" ? { eventId: item.id } : { contentId: item.id }),
        },
        select: { code: true },
      }),
    );
    return created.code;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const winner = await client.shortLink.findUnique({ where: { itemKey }, select: { code: true } });
    if (!winner) throw error;
    return winner.code;
  }
}
