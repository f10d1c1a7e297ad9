import "server-only";
import { appUrl } from "@/lib/core/env";
import type { Locale } from "@/lib/core/i18n/config";
import { translator } from "@/lib/core/i18n/translate";
import { sendMail } from "@/lib/core/mail";
import { loadEmailBrand } from "@/lib/features/brand/email-brand";
import { FAVOURITES_LINK_FRAGMENT } from "@/lib/features/engagement/favourites-fragment";
import { FAVOURITES_LINK_DAYS } from "@/lib/features/engagement/favourites-link";
import { mailSafeName } from "@/lib/features/team/mail-text";
import { renderActionEmail } from "@/lib/platform/auth/email-layout";
import { tenantLinks } from "@/lib/platform/site/links";

/**
 * The gallery's address with the link's token in its fragment: the app's host, the company in
 * the path (works in every site mode); the page posts the token itself (use-favourites.ts).
 */
export function favouritesLinkUrl(companySlug: string, contentId: string, token: string): string {
  return `${appUrl}${tenantLinks("path", companySlug).player(contentId)}#${FAVOURITES_LINK_FRAGMENT}${token}`;
}

/**
 * The fan's e-mail with the link to their favourites (transactional: only what they asked for),
 * in their language and in the company's brand: the company is who the fan knows, so it signs
 * the e-mail, and a white-label company's e-mail never names the platform.
 */
export async function sendFavouritesLinkEmail(options: {
  to: string;
  companyId: string;
  galleryTitle: string;
  url: string;
  locale: Locale;
}): Promise<void> {
  const [t, brand] = await Promise.all([translator(options.locale), loadEmailBrand(options.companyId)]);
  const company = mailSafeName(brand.name) || t("email.invite.unnamedCompany");
  const values = { gallery: mailSafeName(options.galleryTitle) || company, company };
  const content = renderActionEmail({
    lang: options.locale,
    subject: t("email.favourites.subject", values),
    heading: t("email.favourites.heading", values),
    paragraphs: [t("email.favourites.body", values)],
    buttonLabel: t("email.favourites.button"),
    url: options.url,
    notes: [t("email.favourites.expires", { days: FAVOURITES_LINK_DAYS }), t("email.favourites.ignore")],
    linkFallback: t("email.common.linkFallback"),
    signature: t("settings.branding.email.signature", values),
    brand: {
      ...brand,
      name: company,
      poweredBy: brand.poweredBy ? t("settings.branding.email.poweredBy") : null,
    },
  });
  await sendMail({ to: options.to, ...content });
}
