import "server-only";
import { renderActionEmail } from "@/lib/platform/auth/email-layout";
import { translator } from "@/lib/core/i18n/translate";
import { loadEmailBrand } from "@/lib/features/brand/email-brand";
import type { Role } from "@/lib/generated/prisma/enums";
import type { Locale } from "@/lib/core/i18n/config";
import { sendMail } from "@/lib/core/mail";
import { mailSafeName } from "@/lib/features/team/mail-text";

export async function sendInvitationEmail(options: {
  to: string;
  url: string;
  companyId: string;
  companyName: string;
  inviterName: string;
  role: Role;
  locale: Locale;
}): Promise<void> {
  const [t, brand] = await Promise.all([translator(options.locale), loadEmailBrand(options.companyId)]);
  // The names are the member's own text, mailed to an address they chose: cut short and without
  // links or control characters (mail-text.ts), with a neutral word when nothing is left.
  const company = mailSafeName(options.companyName) || t("email.invite.unnamedCompany");
  const values = {
    company,
    inviter: mailSafeName(options.inviterName) || t("email.invite.unnamedInviter"),
    role: t(`team.roles.${options.role}`),
  };
  // White label: the platform is not named anywhere in the company's e-mail.
  const text = brand.poweredBy
    ? { subject: "email.invite.subject", body: "email.invite.body", signature: "email.common.signature" }
    : {
        subject: "settings.branding.email.inviteSubject",
        body: "settings.branding.email.inviteBody",
        signature: "settings.branding.email.signature",
      };
  const content = renderActionEmail({
    lang: options.locale,
    subject: t(text.subject, values),
    heading: t("email.invite.heading", values),
    paragraphs: [t(text.body, values)],
    buttonLabel: t("email.invite.button"),
    url: options.url,
    notes: [t("email.invite.expires"), t("email.invite.ignore")],
    linkFallback: t("email.common.linkFallback"),
    signature: t(text.signature, values),
    // The invitee joins this company: its e-mail is in its brand.
    brand: {
      ...brand,
      name: company,
      poweredBy: brand.poweredBy ? t("settings.branding.email.poweredBy") : null,
    },
  });
  await sendMail({ to: options.to, ...content });
}
