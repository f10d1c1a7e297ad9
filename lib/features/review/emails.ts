import "server-only";
import { renderActionEmail } from "@/lib/platform/auth/email-layout";
import { translator, type Translate } from "@/lib/core/i18n/translate";
import { loadEmailBrand, type EmailBrand } from "@/lib/features/brand/email-brand";
import { intlLocale, type Locale } from "@/lib/core/i18n/config";
import { sendMail } from "@/lib/core/mail";
import { mailSafeName } from "@/lib/features/team/mail-text";
import { REVIEW_MESSAGE_MAX } from "@/lib/features/review/schemas";
import { formatUtcInstant } from "@/lib/core/format";

/**
 * The review's e-mails (issue #36), in the company's brand and the reviewer's language: the
 * invitation with the magic link, and the word that the approved set is out. Names are the
 * organiser's own text mailed to addresses they chose: cut short, without links (mail-text.ts).
 */
interface ReviewMailBase {
  to: string;
  companyId: string;
  companyName: string;
  galleryTitle: string;
  locale: Locale;
}

async function companyMail(options: ReviewMailBase) {
  const [t, brand] = await Promise.all([translator(options.locale), loadEmailBrand(options.companyId)]);
  const company = mailSafeName(options.companyName) || t("email.invite.unnamedCompany");
  const gallery = mailSafeName(options.galleryTitle, 120) || t("review.email.untitled");
  return { t, brand, values: { company, gallery } };
}

function branded(t: Translate, brand: EmailBrand, company: string) {
  return {
    signature: t("settings.branding.email.signature", { company }),
    brand: {
      ...brand,
      name: company,
      poweredBy: brand.poweredBy ? t("settings.branding.email.poweredBy") : null,
    },
  };
}

export async function sendReviewInvitation(
  options: ReviewMailBase & {
    url: string;
    inviterName: string;
    message: string | null;
    deadline: Date | null;
  },
): Promise<void> {
  const { t, brand, values } = await companyMail(options);
  const inviter = mailSafeName(options.inviterName) || t("email.invite.unnamedInviter");
  const paragraphs = [t("review.email.inviteBody", { ...values, inviter })];
  // The organiser's own words to an address they chose, from our sender: escaped by the layout,
  // and without links or link-like domains (mail-text.ts), so no one phishes through a review.
  const message = options.message ? mailSafeName(options.message, REVIEW_MESSAGE_MAX) : "";
  if (message) paragraphs.push(message);
  if (options.deadline)
    paragraphs.push(
      t("review.email.deadline", { date: formatUtcInstant(options.deadline, intlLocale[options.locale]) }),
    );
  const content = renderActionEmail({
    lang: options.locale,
    subject: t("review.email.inviteSubject", values),
    heading: t("review.email.inviteHeading", values),
    paragraphs,
    buttonLabel: t("review.email.inviteButton"),
    url: options.url,
    notes: [t("review.email.private"), t("review.email.ignore")],
    linkFallback: t("email.common.linkFallback"),
    ...branded(t, brand, values.company),
  });
  await sendMail({ to: options.to, ...content });
}

export async function sendReviewPublished(
  options: ReviewMailBase & { url: string; count: number },
): Promise<void> {
  const { t, brand, values } = await companyMail(options);
  const content = renderActionEmail({
    lang: options.locale,
    subject: t("review.email.publishedSubject", values),
    heading: t("review.email.publishedHeading", values),
    paragraphs: [t("review.email.publishedBody", { ...values, count: options.count })],
    buttonLabel: t("review.email.publishedButton"),
    url: options.url,
    notes: [],
    linkFallback: t("email.common.linkFallback"),
    ...branded(t, brand, values.company),
  });
  await sendMail({ to: options.to, ...content });
}

/** To the organiser who opened the review: a reviewer finished, with their count. */
export async function sendReviewFinished(
  options: ReviewMailBase & { url: string; reviewer: string; approved: number; total: number },
): Promise<void> {
  const { t, brand, values } = await companyMail(options);
  const reviewer = mailSafeName(options.reviewer, 120);
  const content = renderActionEmail({
    lang: options.locale,
    subject: t("review.email.finishedSubject", { ...values, reviewer }),
    heading: t("review.email.finishedHeading", values),
    paragraphs: [
      t("review.email.finishedBody", {
        ...values,
        reviewer,
        approved: options.approved,
        total: options.total,
      }),
    ],
    buttonLabel: t("review.email.finishedButton"),
    url: options.url,
    notes: [],
    linkFallback: t("email.common.linkFallback"),
    ...branded(t, brand, values.company),
  });
  await sendMail({ to: options.to, ...content });
}
