import "server-only";
import { verifyPassword } from "better-auth/crypto";
import { z } from "zod";
import { db } from "@/lib/core/db";
import { isRecordIdShape } from "@/lib/core/validation/common";
import { AppError, parseOrThrow } from "@/lib/core/errors";
import {
  claimLimits,
  holdLimits,
  rateLimited,
  unclaimLimits,
  type LimitCheck,
} from "@/lib/core/rate-limit/limiter";
import {
  isGalleryExpired,
  issueUnlockToken,
  unlockCookieName,
  UNLOCK_SECONDS,
} from "@/lib/platform/site/gallery-access";
import { isContentViewable } from "@/lib/platform/site/visibility";
import { notFound } from "@/lib/features/engagement/get-public-content-or-throw";

/**
 * A fan (a reviewer, a guest) gives a password gallery's password (issue #36). Wrong guesses
 * are limited on the app's one limiter, as sign-in is (lib/platform/auth/login-throttle.ts):
 * each attempt is counted before the hash is checked and taken back when it was right, so a
 * parallel burst gets exactly the allowance, never more.
 * - per gallery and client address: UNLOCK_MAX_FAILURES a window: a guesser is slowed, nobody else;
 * - per gallery, every address together: UNLOCK_MAX_FAILURES_PER_GALLERY, a ceiling for a
 *   guesser with many addresses. It can shut the door on the real guests for a window, which is
 *   the lesser harm for a gallery whose owner chose a password: the photos stay private.
 * The password is checked with Better Auth's scrypt (the accounts' own KDF: one way to hash).
 */
export const UNLOCK_MAX_FAILURES = 10;
export const UNLOCK_MAX_FAILURES_PER_GALLERY = 200;
export const UNLOCK_WINDOW_SECONDS = 15 * 60;

/** A password as typed: anything but empty, bounded (scrypt's cost grows with nothing we allow). */
export const unlockSchema = z.object({
  password: z
    .string({ error: "engagement.errors.passwordRequired" })
    .min(1, { error: "engagement.errors.passwordRequired" })
    .max(200, { error: "engagement.errors.wrongPassword" }),
});

const checksOf = (contentId: string, clientKey: string): LimitCheck[] => [
  { key: `gallery-unlock|${contentId}`, limit: UNLOCK_MAX_FAILURES_PER_GALLERY },
  { key: `gallery-unlock|${contentId}|${clientKey}`, limit: UNLOCK_MAX_FAILURES },
];

/** The `Set-Cookie` of a successful unlock (the preload also marks an HTTPS answer's cookies `Secure`). */
export function unlockSetCookie(contentId: string, token: string, secure = false): string {
  const cookie = `${unlockCookieName(contentId)}=${token}; Path=/; Max-Age=${UNLOCK_SECONDS}; HttpOnly; SameSite=Lax`;
  return secure ? `${cookie}; Secure` : cookie;
}

/**
 * The unlock token for `contentId` when `input` holds its password; `clientKey`: the caller's
 * hashed address (`clientKeyOf`). A gallery that is not viewable, not password-protected or
 * expired is "not found", whatever the password.
 */
export async function unlockGallery(contentId: string, input: unknown, clientKey: string): Promise<string> {
  if (!isRecordIdShape(contentId)) throw notFound();
  const { password } = parseOrThrow(unlockSchema, input);
  const row = await db.content.findUnique({
    where: { id: contentId },
    select: {
      status: true,
      visibility: true,
      accessPasswordHash: true,
      expiresAt: true,
      events: { select: { event: { select: { status: true, isPublic: true } } } },
    },
  });
  if (!row || !isContentViewable(row) || row.visibility !== "password" || !row.accessPasswordHash)
    throw notFound();
  if (isGalleryExpired(row)) throw notFound();
  const checks = checksOf(contentId, clientKey);
  const outcomes = await claimLimits(checks, UNLOCK_WINDOW_SECONDS);
  const refused = outcomes.find((outcome) => !outcome.allowed);
  if (refused && !refused.allowed)
    throw rateLimited(refused.retryAfter, "engagement.errors.unlockRateLimited");
  if (!(await verifyPassword({ hash: row.accessPasswordHash, password }))) {
    await holdLimits(checks, UNLOCK_WINDOW_SECONDS);
    throw new AppError("validation", "engagement.errors.wrongPassword", {
      fieldErrors: { password: "engagement.errors.wrongPassword" },
    });
  }
  await unclaimLimits(checks, UNLOCK_WINDOW_SECONDS);
  return issueUnlockToken(contentId, row.accessPasswordHash);
}
