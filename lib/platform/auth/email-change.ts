import "server-only";
import { createHash, randomUUID } from "node:crypto";
import { db } from "@/lib/core/db";

/**
 * A change of address is a takeover risk: whoever holds a session could move the account to
 * an address they read. Better Auth's change link is a self-contained token valid for a day
 * that nothing can cancel, so the app keeps its own record of the one pending change (the
 * token's hash, in Better Auth's `verification` table) and the link works only while that
 * record does: for an hour, once, and not after the owner answered the notice by changing or
 * resetting the password or signing out the other sessions.
 */
export const EMAIL_CHANGE_LINK_MINUTES = 60;

const identifierOf = (userId: string) => `email-change:${userId}`;
const digestOf = (token: string) => createHash("sha256").update(token).digest("hex");

/** Records the link just sent as the account's one pending change (an earlier one stops working). */
export async function rememberEmailChange(userId: string, token: string, now = Date.now()): Promise<void> {
  const identifier = identifierOf(userId);
  await db.$transaction([
    db.verification.deleteMany({ where: { identifier } }),
    db.verification.create({
      data: {
        id: randomUUID(),
        identifier,
        value: digestOf(token),
        expiresAt: new Date(now + EMAIL_CHANGE_LINK_MINUTES * 60_000),
      },
    }),
  ]);
}

/**
 * Uses up the pending change `token` names; false when there is none (expired, used, replaced,
 * cancelled) or the password changed since it was asked for.
 */
export async function consumeEmailChange(userId: string, token: string, now = new Date()): Promise<boolean> {
  const identifier = identifierOf(userId);
  const pending = await db.verification.findFirst({
    where: { identifier, value: digestOf(token), expiresAt: { gt: now } },
    select: { id: true, createdAt: true },
  });
  if (!pending) return false;
  // One statement decides which of two simultaneous clicks uses it.
  const { count } = await db.verification.deleteMany({ where: { id: pending.id } });
  if (count !== 1) return false;
  const credential = await db.account.findFirst({
    where: { userId, providerId: "credential" },
    select: { updatedAt: true },
  });
  return !credential || credential.updatedAt <= pending.createdAt;
}

/** Cancels the account's pending change (the owner signed the other sessions out). */
export async function forgetEmailChanges(userId: string): Promise<void> {
  await db.verification.deleteMany({ where: { identifier: identifierOf(userId) } });
}
