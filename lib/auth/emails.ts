import "server-only";
import { renderActionEmail } from "@/lib/auth/email-layout";
import { translator } from "@/lib/auth/translate";
import type { Locale } from "@/lib/i18n/config";
import { sendMail } from "@/lib/mail";

/** The account e-mails (confirmation, password reset), in the user's language. */

export async function sendConfirmationEmail(options: {
  to: string;
  name: string;
  url: string;
  locale: Locale;
}): Promise<void> {
  const t = await translator(options.locale);
  const content = renderActionEmail({
    lang: options.locale,
    subject: t("email.verify.subject"),
    heading: t("email.verify.heading"),
    paragraphs: [t("email.common.greeting", { name: options.name }), t("email.verify.body")],
    buttonLabel: t("email.verify.button"),
    url: options.url,
    notes: [t("email.verify.expires"), t("email.verify.ignore")],
    linkFallback: t("email.common.linkFallback"),
    signature: t("email.common.signature"),
  });
  await sendMail({ to: options.to, ...content });
}

export async function sendPasswordResetEmail(options: {
  to: string;
  name: string;
  url: string;
  locale: Locale;
}): Promise<void> {
  const t = await translator(options.locale);
  const content = renderActionEmail({
    lang: options.locale,
    subject: t("email.reset.subject"),
    heading: t("email.reset.heading"),
    paragraphs: [t("email.common.greeting", { name: options.name }), t("email.reset.body")],
    buttonLabel: t("email.reset.button"),
    url: options.url,
    notes: [t("email.reset.expires"), t("email.reset.ignore")],
    linkFallback: t("email.common.linkFallback"),
    signature: t("email.common.signature"),
  });
  await sendMail({ to: options.to, ...content });
}
