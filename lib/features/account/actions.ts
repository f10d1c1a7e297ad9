"use server";

import QRCode from "qrcode";
import { z } from "zod";
import { callAuth } from "@/lib/features/account/auth-call";
import {
  confirmPasswordSchema,
  emailChangeSchema,
  nameSchema,
  passwordChangeSchema,
  totpCodeSchema,
} from "@/lib/features/account/schemas";
import { getAuth } from "@/lib/platform/auth/auth";
import { endOtherSessions } from "@/lib/platform/auth/session-lifecycle";
import { db } from "@/lib/core/db";
import { AppError, parseOrThrow } from "@/lib/core/errors";
import { enforceLimits } from "@/lib/core/rate-limit/limiter";
import { sessionAction } from "@/lib/platform/actions/admin-action";
import { validatedByLib } from "@/lib/core/validation/common";

/**
 * The account page (every signed-in user, with or without a company). Each action goes
 * through Better Auth's own endpoint with this request's headers, so its checks, hooks (the
 * password rules, the e-mails) and session handling apply as they do over HTTP.
 */

/**
 * The form's fields are checked in the action, not by its argument schema, so their errors are
 * keyed by field name (not "0.field"), and the toast shows the most useful field message.
 */
const byField = { message: "field" } as const;

/**
 * Per-account limits of what Better Auth's HTTP limits do not see (a server action calls it
 * directly): guessing the password behind a borrowed session, codes, and e-mails sent out.
 */
const limits = {
  password: { limit: 10, windowSeconds: 15 * 60 },
  code: { limit: 10, windowSeconds: 15 * 60 },
  email: { limit: 5, windowSeconds: 60 * 60 },
} as const;

function limitPerAccount(kind: keyof typeof limits, userId: string): Promise<void> {
  const { limit, windowSeconds } = limits[kind];
  return enforceLimits(
    [{ key: `account-${kind}:${userId}`, limit }],
    windowSeconds,
    "auth.errors.tooManyRequests",
  );
}

const ACCOUNT_PAGE = [["/[locale]/account", "page"]] as const;
// The admin shell shows the name; the admin layout decides on the two-factor requirement.
const ACCOUNT_AND_ADMIN = [...ACCOUNT_PAGE, ["/[locale]/admin", "layout"]] as const;

/** The display name, on the user (Better Auth) and on the profile the admin area shows. */
export const updateDisplayNameAction = sessionAction(
  {
    schema: z.tuple([validatedByLib<z.input<typeof nameSchema>>()]),
    revalidate: { paths: ACCOUNT_AND_ADMIN },
  },
  async (session, input) => {
    const { displayName } = parseOrThrow(nameSchema, input, byField);
    await callAuth((headers) => getAuth().api.updateUser({ body: { name: displayName }, headers }));
    await db.profile.updateMany({ where: { userId: session.user.id }, data: { displayName } });
  },
);

/** Refuses unless `password` is the account's, checked with Better Auth's own hasher. */
async function assertCurrentPassword(userId: string, password: string): Promise<void> {
  const [context, credential] = await Promise.all([
    getAuth().$context,
    db.account.findFirst({ where: { userId, providerId: "credential" }, select: { password: true } }),
  ]);
  const hash = credential?.password;
  if (!hash || !(await context.password.verify({ hash, password }))) {
    const key = "account.errors.wrongPassword";
    throw new AppError("validation", key, { fieldErrors: { currentPassword: key } });
  }
}

/**
 * Asks for a change of address (the current password confirms it): Better Auth mails a link to the new address (the change
 * happens when it is opened) and `lib/platform/auth/emails.ts` tells the old one. An address that
 * already has an account gets no e-mail, and the answer is the same, so it reveals nothing.
 */
export const requestEmailChangeAction = sessionAction(
  { schema: z.tuple([validatedByLib<z.input<typeof emailChangeSchema>>()]) },
  async (session, input) => {
    const { newEmail, currentPassword } = parseOrThrow(emailChangeSchema, input, byField);
    await limitPerAccount("password", session.user.id);
    await assertCurrentPassword(session.user.id, currentPassword);
    await limitPerAccount("email", session.user.id);
    await callAuth((headers) => getAuth().api.changeEmail({ body: { newEmail }, headers }));
    return { newEmail };
  },
);

/**
 * A new password, given the current one and the spec's rules; every other session of the
 * account ends (Better Auth gives this one a new session cookie).
 */
export const changePasswordAction = sessionAction(
  {
    schema: z.tuple([validatedByLib<z.input<typeof passwordChangeSchema>>()]),
    revalidate: { paths: ACCOUNT_PAGE },
  },
  async (session, input) => {
    const { currentPassword, newPassword } = parseOrThrow(passwordChangeSchema, input, byField);
    await limitPerAccount("password", session.user.id);
    await callAuth(
      (headers) =>
        getAuth().api.changePassword({
          body: { currentPassword, newPassword, revokeOtherSessions: true },
          headers,
        }),
      "currentPassword",
    );
  },
);

/**
 * Step 1 of turning two-factor on: a new secret and recovery codes, not yet in force. The
 * key is shown as a QR code and as text; step 2 (`confirmTwoFactorAction`) turns it on.
 */
export const startTwoFactorAction = sessionAction(
  { schema: z.tuple([validatedByLib<z.input<typeof confirmPasswordSchema>>()]) },
  async (session, input) => {
    const { password } = parseOrThrow(confirmPasswordSchema, input, byField);
    await limitPerAccount("password", session.user.id);
    const enabled = await callAuth((headers) =>
      getAuth().api.enableTwoFactor({ body: { password, method: "totp" }, headers }),
    );
    if (enabled.method !== "totp") throw new Error("two-factor enable answered without a TOTP key");
    const { totpURI, backupCodes } = enabled;
    const secret = new URL(totpURI).searchParams.get("secret") ?? "";
    const qrCode = await QRCode.toDataURL(totpURI, { errorCorrectionLevel: "M", margin: 2, width: 220 });
    return { totpURI, secret, qrCode, backupCodes };
  },
);

/** Step 2: the first code from the app turns two-factor on (and renews the session). */
export const confirmTwoFactorAction = sessionAction(
  {
    schema: z.tuple([validatedByLib<z.input<typeof totpCodeSchema>>()]),
    revalidate: { paths: ACCOUNT_AND_ADMIN },
  },
  async (session, input) => {
    const { code } = parseOrThrow(totpCodeSchema, input, byField);
    await limitPerAccount("code", session.user.id);
    await callAuth((headers) => getAuth().api.verifyTOTP({ body: { code }, headers }));
    // Sessions opened with the password alone (a phished one's too) end; this device keeps
    // the session Better Auth just gave it, the newest.
    const current = await db.session.findFirst({
      where: { userId: session.user.id },
      orderBy: { createdAt: "desc" },
      select: { token: true },
    });
    if (current) await endOtherSessions(session.user.id, current.token);
  },
);

/** Turns two-factor off (the password confirms it); the recovery codes go with it. */
export const disableTwoFactorAction = sessionAction(
  {
    schema: z.tuple([validatedByLib<z.input<typeof confirmPasswordSchema>>()]),
    revalidate: { paths: ACCOUNT_AND_ADMIN },
  },
  async (session, input) => {
    const { password } = parseOrThrow(confirmPasswordSchema, input, byField);
    await limitPerAccount("password", session.user.id);
    await callAuth((headers) => getAuth().api.disableTwoFactor({ body: { password }, headers }));
  },
);

/** New recovery codes; the old ones stop working. */
export const regenerateRecoveryCodesAction = sessionAction(
  { schema: z.tuple([validatedByLib<z.input<typeof confirmPasswordSchema>>()]) },
  async (session, input) => {
    const { password } = parseOrThrow(confirmPasswordSchema, input, byField);
    await limitPerAccount("password", session.user.id);
    const { backupCodes } = await callAuth((headers) =>
      getAuth().api.generateBackupCodes({ body: { password }, headers }),
    );
    return { backupCodes };
  },
);
