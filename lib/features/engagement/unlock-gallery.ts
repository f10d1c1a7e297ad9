import "server-only";
import { verifyPassword } from "better-auth/crypto";
import { z } from "zod";
import { db } from "@/lib/core/db";
import { isRecordIdShape } from "@/lib/core/validation/common";
import { AppError, parseOrThrow } from "@/lib/core/errors";
import {
  claimLimits,
  enforceLimits,
  holdLimits,
  rateLimited,
  unclaimLimits,
  type LimitCheck,
} from "@/lib/core/rate-limit/limiter";
import {
  eventUnlockCookieName,
  isGalleryExpired,
  issueEventUnlockToken,
  issueUnlockToken,
  unlockCookieName,
  UNLOCK_SECONDS,
  type UnlockKind,
} from "@/lib/platform/site/gallery-access";
import { isContentViewable, isEventViewable } from "@/lib/platform/site/visibility";
import { notFound } from "@/lib/features/engagement/get-public-content-or-throw";

/**
 * A fan (a reviewer, a guest) gives a password gallery's or a password event's password (issue
 * #36). Wrong guesses are limited on the app's one limiter, as sign-in is
 * (lib/platform/auth/login-throttle.ts): each attempt is counted before the hash is checked and
 * taken back when it was right, so a parallel burst gets exactly the allowance, never more.
 * - per gallery (or event) and client address: UNLOCK_MAX_FAILURES a window: a guesser is
 *   slowed, nobody else;
 * - per gallery (or event), every address together: UNLOCK_MAX_FAILURES_PER_GALLERY, a ceiling
 *   for a guesser with many addresses. It can shut the door on the real guests for a window,
 *   which is the lesser harm for a gallery or event whose owner chose a password.
 * A gallery's and an event's counts are apart (`gallery-unlock|…`, `event-unlock|…`).
 * - per client address, every gallery and event together, right or wrong:
 *   UNLOCK_MAX_ATTEMPTS_PER_CLIENT a window. Each attempt costs a scrypt (~200 ms of a core),
 *   and a right password (printed on a wedding's invitations, or one's own event's) gives its
 *   failure claim back: without this a loop of right answers, or wrong ones spread over many
 *   events, would keep the server's thread pool busy for every tenant.
 * The password is checked with Better Auth's scrypt (the accounts' own KDF: one way to hash).
 */
export const UNLOCK_MAX_FAILURES = 10;
export const UNLOCK_MAX_FAILURES_PER_GALLERY = 200;
export const UNLOCK_WINDOW_SECONDS = 15 * 60;
/** A household behind one address unlocks a few galleries; a script, hundreds. */
export const UNLOCK_MAX_ATTEMPTS_PER_CLIENT = 30;

/** A password as typed: anything but empty, bounded (scrypt's cost grows with nothing we allow). */
export const unlockSchema = z.object({
  password: z
    .string({ error: "engagement.errors.passwordRequired" })
    .min(1, { error: "engagement.errors.passwordRequired" })
    .max(200, { error: "engagement.errors.wrongPassword" }),
});

const checksOf = (kind: UnlockKind, id: string, clientKey: string): LimitCheck[] => [
  { key: `${kind}-unlock|${id}`, limit: UNLOCK_MAX_FAILURES_PER_GALLERY },
  { key: `${kind}-unlock|${id}|${clientKey}`, limit: UNLOCK_MAX_FAILURES },
];

/**
 * The `Set-Cookie` of a successful unlock of a gallery or, with `kind`, an event (the preload
 * also marks an HTTPS answer's cookies `Secure`).
 */
export function unlockSetCookie(
  id: string,
  token: string,
  secure = false,
  kind: UnlockKind = "gallery",
): string {
  const name = kind === "event" ? eventUnlockCookieName(id) : unlockCookieName(id);
  const cookie = `${name}=${token}; Path=/; Max-Age=${UNLOCK_SECONDS}; HttpOnly; SameSite=Lax`;
  return secure ? `${cookie}; Secure` : cookie;
}

/**
 * Checks `password` against `hash` within the limits of `kind`/`id` for `clientKey`: rate
 * limited (429) before the hash is checked, a wrong password a field error, nothing on success.
 */
async function checkUnlockPassword(
  kind: UnlockKind,
  id: string,
  hash: string,
  password: string,
  clientKey: string,
): Promise<void> {
  await enforceLimits(
    [{ key: `unlock-attempt|${clientKey}`, limit: UNLOCK_MAX_ATTEMPTS_PER_CLIENT }],
    UNLOCK_WINDOW_SECONDS,
    "engagement.errors.unlockRateLimited",
  );
  const checks = checksOf(kind, id, clientKey);
  const outcomes = await claimLimits(checks, UNLOCK_WINDOW_SECONDS);
  const refused = outcomes.find((outcome) => !outcome.allowed);
  if (refused && !refused.allowed)
    throw rateLimited(refused.retryAfter, "engagement.errors.unlockRateLimited");
  if (!(await verifyPassword({ hash, password }))) {
    await holdLimits(checks, UNLOCK_WINDOW_SECONDS);
    throw new AppError("validation", "engagement.errors.wrongPassword", {
      fieldErrors: { password: "engagement.errors.wrongPassword" },
    });
  }
  await unclaimLimits(checks, UNLOCK_WINDOW_SECONDS);
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
  await checkUnlockPassword("gallery", contentId, row.accessPasswordHash, password, clientKey);
  return issueUnlockToken(contentId, row.accessPasswordHash);
}

/**
 * The unlock token for the event `eventId` when `input` holds its password. An event that is not
 * viewable or not password-protected is "not found", whatever the password.
 */
export async function unlockEvent(eventId: string, input: unknown, clientKey: string): Promise<string> {
  if (!isRecordIdShape(eventId)) throw notFound();
  const { password } = parseOrThrow(unlockSchema, input);
  const row = await db.event.findUnique({
    where: { id: eventId },
    select: { status: true, isPublic: true, visibility: true, accessPasswordHash: true },
  });
  if (!row || !isEventViewable(row) || row.visibility !== "password" || !row.accessPasswordHash)
    throw notFound();
  await checkUnlockPassword("event", eventId, row.accessPasswordHash, password, clientKey);
  return issueEventUnlockToken(eventId, row.accessPasswordHash);
}
