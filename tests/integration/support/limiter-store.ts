import { createHash } from "node:crypto";
import type { PrismaClient } from "@/lib/core/db-client";

/**
 * Rows that would tell a reader of a leaked limiter store (or verification table) who was mailed
 * or tried: keys holding a plain SHA-256 of the address, as typed or lower-cased (the digest
 * anyone can recompute from a list of addresses). Limits must key addresses with
 * lib/core/rate-limit/mailbox-key.ts instead.
 */
export async function rowsNamingAddress(db: PrismaClient, email: string): Promise<number> {
  const digests = [...new Set([email, email.trim().toLowerCase()])].map((address) =>
    createHash("sha256").update(address).digest("hex"),
  );
  let rows = 0;
  for (const digest of digests) {
    rows += await db.rateLimiter.count({ where: { key: { contains: digest } } });
    rows += await db.verification.count({ where: { identifier: { contains: digest } } });
  }
  return rows;
}
