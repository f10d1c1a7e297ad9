import "server-only";
import { renderActionEmail } from "@/lib/auth/email-layout";
import { translator } from "@/lib/auth/translate";
import type { Locale } from "@/lib/i18n/config";
import { sendMail } from "@/lib/mail";

/** The account e-mails (confirmation, password reset, sign-in code), in the user's language. */

interface ActionEmailOptions {
  to: string;
  name: string;
  url: string;
  locale: Locale;
}

/**
 * Both account e-mails have the same shape (greeting, body, button, two notes); only the
 * catalogue section differs: `email.verify.*` or `email.reset.*`.
 */
async function sendActionEmail(kind: "verify" | "reset", options: ActionEmailOptions): Promise<void> {
  const t = await translator(options.locale);
  const content = renderActionEmail({
    lang: options.locale,
    subject: t(`email.${kind}.subject`),
    heading: t(`email.${kind}.heading`),
    paragraphs: [t("email.common.greeting", { name: options.name }), t(`email.${kind}.body`)],
    buttonLabel: t(`email.${kind}.button`),
    url: options.url,
    notes: [t(`email.${kind}.expires`), t(`email.${kind}.ignore`)],
    linkFallback: t("email.common.linkFallback"),
    signature: t("email.common.signature"),
  });
  await sendMail({ to: options.to, ...content });
}

export function sendConfirmationEmail(options: ActionEmailOptions): Promise<void> {
  return sendActionEmail("verify", options);
}

export function sendPasswordResetEmail(options: ActionEmailOptions): Promise<void> {
  return sendActionEmail("reset", options);
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
