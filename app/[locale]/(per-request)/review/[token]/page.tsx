import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { AuthShell } from "@/components/auth/auth-shell";
import { ReviewBoard } from "@/components/review/review-board";
import { findReviewer, loadReviewPage } from "@/lib/features/review/reviewer";

export async function generateMetadata({ params }: PageProps<"/[locale]/review/[token]">): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "review.page" });
  // The link is the credential: never indexed, never sent on as a Referer.
  return { title: t("metaTitle"), robots: { index: false, follow: false }, referrer: "no-referrer" };
}

/** A reviewer's magic link (issue #36): the draft's photos to approve or reject, no account needed. */
export default async function ReviewPage({ params }: PageProps<"/[locale]/review/[token]">) {
  const { locale, token } = await params;
  setRequestLocale(locale);
  const t = await getTranslations("review.page");
  const { state } = await findReviewer(token);
  const page = state === "open" ? await loadReviewPage(token) : null;
  if (!page) {
    const kind = state === "open" ? "invalid" : state;
    return (
      <AuthShell title={t(`${kind}Title`)}>
        <p role="alert">{t(`${kind}Body`)}</p>
      </AuthShell>
    );
  }
  const { reviewer, photos } = page;
  const review = reviewer.review;
  return (
    <AuthShell
      wide
      title={t("title", { gallery: review.content.title })}
      description={t("by", { company: review.content.company.name })}
    >
      <ReviewBoard
        token={token}
        photos={photos}
        message={review.message}
        deadline={review.deadline?.toISOString() ?? null}
        minApprovals={review.minApprovals}
        maxApprovals={review.maxApprovals}
        done={reviewer.doneAt !== null}
      />
    </AuthShell>
  );
}
