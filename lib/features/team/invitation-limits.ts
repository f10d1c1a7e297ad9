import "server-only";
import { AppError } from "@/lib/core/errors";
import { consumeLimits, type LimitCheck } from "@/lib/core/rate-limit/limiter";
import { mailboxLimitKey } from "@/lib/core/rate-limit/mailbox-key";
import type { Membership } from "@/lib/platform/tenancy/membership";

/**
 * How many invitations may leave, and how often (issue #34: a fresh company's admin sent 30 in
 * ten seconds from the operator's sender, to any address). A festival team invites its staff a
 * handful at a time; setting up a large crew is a few dozen in a day. So:
 * - per company: 20 an hour and 50 a day;
 * - per account (whoever sends them, whichever company they are in now): the same, so leaving
 *   and founding a new company does not start the count again;
 * - the same address from the same company: once per 10 minutes (a double click, an impatient
 *   "send again" — the pending invitation is still in the inbox);
 * - one address from all companies together: 5 a day, so no one's inbox fills up with
 *   invitations from companies they never heard of.
 * Each refusal is a 429 with its own message. The checks run in this order and the first refusal
 * stops the rest: a refused invitation counts against the checks before it, not after.
 */
export const INVITATION_LIMITS = {
  perHour: 20,
  perDay: 50,
  sameAddressWindowMinutes: 10,
  addressPerDay: 5,
} as const;

const HOUR_SECONDS = 60 * 60;
const DAY_SECONDS = 24 * HOUR_SECONDS;

async function refuseOver(
  checks: readonly LimitCheck[],
  windowSeconds: number,
  messageKey: string,
  options: { field?: string; values?: Record<string, number> } = {},
): Promise<void> {
  const outcome = await consumeLimits(checks, windowSeconds);
  if (outcome.allowed) return;
  const minutes = Math.max(1, Math.ceil(outcome.retryAfter / 60));
  throw new AppError("rate_limited", messageKey, {
    retryAfter: outcome.retryAfter,
    values: { ...options.values, minutes },
    ...(options.field ? { fieldErrors: { [options.field]: messageKey } } : {}),
  });
}

/** Counts one invitation from `membership` to `email`, or throws the 429 of the first limit it is over. */
export async function enforceInvitationLimits(membership: Membership, email: string): Promise<void> {
  const companyId = membership.company.id;
  // Never the address (nor a plain hash of it) in a limiter key: its mailbox, keyed.
  const address = mailboxLimitKey(email);
  const { perHour, perDay, sameAddressWindowMinutes, addressPerDay } = INVITATION_LIMITS;
  await refuseOver(
    [{ key: `invite-again:${companyId}:${address}`, limit: 1 }],
    sameAddressWindowMinutes * 60,
    "team.errors.invitedRecently",
    { field: "email" },
  );
  const sender = [
    { key: `invite-company:${companyId}`, limit: perHour },
    { key: `invite-account:${membership.userId}`, limit: perHour },
  ];
  await refuseOver(sender, HOUR_SECONDS, "team.errors.tooManyInvitations", { values: { perHour, perDay } });
  await refuseOver(
    sender.map((check) => ({ ...check, limit: perDay })),
    DAY_SECONDS,
    "team.errors.tooManyInvitations",
    { values: { perHour, perDay } },
  );
  await refuseOver(
    [{ key: `invite-address:${address}`, limit: addressPerDay }],
    DAY_SECONDS,
    "team.errors.addressInvitedOften",
    {
      field: "email",
    },
  );
}
