import "server-only";
import { renderActionEmail } from "@/lib/platform/auth/email-layout";
import { FORGOT_PASSWORD_PATH } from "@/lib/platform/auth/links";
import { translator } from "@/lib/core/i18n/translate";
import { appUrl } from "@/lib/core/env";
import type { Locale } from "@/lib/core/i18n/config";
import { sendMail } from "@/lib/core/mail";
import { consumeLimits } from "@/lib/core/rate-limit/limiter";
import { mailboxLimitKey } from "@/lib/core/rate-limit/mailbox-key";

/** The account e-mails (confirmation, password reset, change of address, sign-in code), in the user's language. */

interface ActionEmailOptions {
  to: string;
  name: string;
  url: string;
  locale: Locale;
}

/**
 * The account e-mails have the same shape (greeting, body, button, two notes); only the
 * catalogue section differs: `email.verify.*`, `email.reset.*`, `email.changeVerify.*` …
 * `values` fill the body's placeholders.
 */
async function sendActionEmail(
  kind: "verify" | "reset" | "changeVerify" | "changeNotice",
  options: ActionEmailOptions,
  values: Record<string, string> = {},
): Promise<void> {
  const t = await translator(options.locale);
  const content = renderActionEmail({
    lang: options.locale,
    subject: t(`email.${kind}.subject`),
    heading: t(`email.${kind}.heading`),
    paragraphs: [t("email.common.greeting", { name: options.name }), t(`email.${kind}.body`, values)],
    buttonLabel: t(`email.${kind}.button`),
    url: options.url,
    notes: [t(`email.${kind}.expires`), t(`email.${kind}.ignore`)],
    linkFallback: t("email.common.linkFallback"),
    signature: t("email.common.signature"),
  });
  await sendMail({ to: options.to, ...content });
}

/**
 * Confirmation and password-reset mails to one address (sign-up, "send the link again",
 * "forgot password"). Better Auth limits those requests per client address only, so anyone with
 * many addresses could fill a stranger's inbox from the operator's sender; but a limit per
 * recipient alone let one stranger use up the victim's own reset mails (issue #34 review, M4).
 * So: a few an hour per recipient and client address (the victim, asking from their own
 * connection, is not counted with the stranger), and a larger ceiling per recipient a day that
 * only many client addresses together can reach. The recipient is counted as a mailbox under a
 * keyed digest (`mailboxLimitKey`): its `+tag` and Gmail-dot variants share one count, and the
 * limiter's store never holds anything a list of addresses could be matched against.
 */
export const ACCOUNT_MAILS_PER_CLIENT_PER_HOUR = 3;
export const ACCOUNT_MAILS_PER_ADDRESS_PER_DAY = 20;
const HOUR_SECONDS = 60 * 60;
const DAY_SECONDS = 24 * HOUR_SECONDS;

/** An account mail: `clientKey` is the asking client's address as a limit key (`clientKeyOf`). */
interface LimitedEmailOptions extends ActionEmailOptions {
  clientKey: string;
}

/**
 * Counts one account mail to `to` asked for by `clientKey`; false past either limit (the mail
 * is then not sent). The callers do not await the sending, so the HTTP answer is the same
 * whether the address has an account, and whether a limit is reached: no oracle.
 */
async function underAddressLimit(to: string, clientKey: string): Promise<boolean> {
  const recipient = mailboxLimitKey(to);
  const perClient = await consumeLimits(
    [{ key: `account-mail|${recipient}|${clientKey}`, limit: ACCOUNT_MAILS_PER_CLIENT_PER_HOUR }],
    HOUR_SECONDS,
  );
  // Refused per client: not counted against the recipient's day, which others still need.
  const daily = perClient.allowed
    ? await consumeLimits(
        [{ key: `account-mail-day|${recipient}`, limit: ACCOUNT_MAILS_PER_ADDRESS_PER_DAY }],
        DAY_SECONDS,
      )
    : perClient;
  if (!daily.allowed) {
    console.warn(
      perClient.allowed
        ? `[afterglow] account e-mail not sent: ${ACCOUNT_MAILS_PER_ADDRESS_PER_DAY} to this address today`
        : `[afterglow] account e-mail not sent: ${ACCOUNT_MAILS_PER_CLIENT_PER_HOUR} to this address from this client in the last hour`,
    );
  }
  return daily.allowed;
}

export async function sendConfirmationEmail(options: LimitedEmailOptions): Promise<void> {
  if (await underAddressLimit(options.to, options.clientKey)) await sendActionEmail("verify", options);
}

export async function sendPasswordResetEmail(options: LimitedEmailOptions): Promise<void> {
  if (await underAddressLimit(options.to, options.clientKey)) await sendActionEmail("reset", options);
}

/** The one-time code a challenged sign-in needs (sign-in-challenge.ts); no link to follow. */
export async function sendSignInCodeEmail(options: {
  to: string;
  name: string;
  code: string;
  minutes: number;
  locale: Locale;
}): Promise<void> {
  const t = await translator(options.locale);
  const content = renderActionEmail({
    lang: options.locale,
    subject: t("email.signInCode.subject"),
    heading: t("email.signInCode.heading"),
    paragraphs: [t("email.common.greeting", { name: options.name }), t("email.signInCode.body")],
    code: options.code,
    notes: [t("email.signInCode.expires", { minutes: options.minutes }), t("email.signInCode.ignore")],
    signature: t("email.common.signature"),
  });
  await sendMail({ to: options.to, ...content });
}

/**
 * A change of address: the link that confirms it goes to the new address; the old one is
 * told (with a way to reset the password, in case the request was not the owner's).
 */
export async function sendEmailChangeEmails(options: {
  oldEmail: string;
  newEmail: string;
  name: string;
  url: string;
  locale: Locale;
}): Promise<void> {
  const { oldEmail, newEmail, name, url, locale } = options;
  const values = { oldEmail, newEmail };
  await Promise.all([
    sendActionEmail("changeVerify", { to: newEmail, name, url, locale }, values),
    sendActionEmail(
      "changeNotice",
      { to: oldEmail, name, url: new URL(FORGOT_PASSWORD_PATH, appUrl).toString(), locale },
      values,
    ),
  ]);
}
