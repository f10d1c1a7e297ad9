import "server-only";
import { db } from "@/lib/core/db";
import { resolveLocale } from "@/lib/core/i18n/config";
import { translator } from "@/lib/core/i18n/translate";
import { sendMail } from "@/lib/core/mail";
import { renderActionEmail } from "@/lib/platform/auth/email-layout";
import { appOrigin } from "@/lib/platform/site/site";

/** Where an admin turns an endpoint back on. */
export const INTEGRATIONS_PATH = "/admin/settings/integrations";

/**
 * Tells every admin of the company, each in their own language, that an endpoint was turned off
 * after failing for days (issue #38): events since are not sent to it until it is turned on
 * again. The URL is shown without its path and query (they may carry the receiver's token).
 */
export async function sendEndpointDisabledEmail(endpointId: string): Promise<number> {
  const endpoint = await db.webhookEndpoint.findUnique({
    where: { id: endpointId },
    select: { url: true, companyId: true, company: { select: { name: true } } },
  });
  if (!endpoint) return 0;
  const admins = await db.profile.findMany({
    where: { companyId: endpoint.companyId, role: "admin" },
    select: { locale: true, user: { select: { email: true } } },
  });
  const host = new URL(endpoint.url).host;
  for (const admin of admins) {
    const locale = resolveLocale(admin.locale);
    const t = await translator(locale);
    const values = { host, company: endpoint.company.name };
    const content = renderActionEmail({
      lang: locale,
      subject: t("admin.webhooks.email.disabledSubject", values),
      heading: t("admin.webhooks.email.disabledHeading", values),
      paragraphs: [t("admin.webhooks.email.disabledBody", values)],
      buttonLabel: t("admin.webhooks.email.disabledButton"),
      url: `${appOrigin()}${INTEGRATIONS_PATH}`,
      notes: [],
      linkFallback: t("email.common.linkFallback"),
      signature: t("admin.webhooks.email.signature"),
    });
    await sendMail({ to: admin.user.email, ...content });
  }
  return admins.length;
}
