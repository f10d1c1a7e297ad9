import "server-only";
import { renderActionEmail } from "@/lib/auth/email-layout";
import { translator } from "@/lib/auth/translate";
import type { Role } from "@/lib/generated/prisma/enums";
import type { Locale } from "@/lib/i18n/config";
import { sendMail } from "@/lib/mail";

export async function sendInvitationEmail(options: {
  to: string;
  url: string;
  companyName: string;
  inviterName: string;
  role: Role;
  locale: Locale;
}): Promise<void> {
  const t = await translator(options.locale);
  const values = {
    company: options.companyName,
    inviter: options.inviterName,
    role: t(`team.roles.${options.role}`),
  };
  const content = renderActionEmail({
    lang: options.locale,
    subject: t("email.invite.subject", values),
    heading: t("email.invite.heading", values),
    paragraphs: [t("email.invite.body", values)],
    buttonLabel: t("email.invite.button"),
    url: options.url,
    notes: [t("email.invite.expires"), t("email.invite.ignore")],
    linkFallback: t("email.common.linkFallback"),
    signature: t("email.common.signature"),
  });
  await sendMail({ to: options.to, ...content });
}
