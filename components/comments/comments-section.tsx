import { getTranslations } from "next-intl/server";
import { CommentModeration } from "@/components/comments/comment-moderation";
import { listCommentsForModeration } from "@/lib/features/comments/queries";
import type { Membership } from "@/lib/platform/tenancy/membership";

/** The admin content page's "Comments" section: the first page, rendered on the server. */
export async function CommentsSection({
  membership,
  contentId,
}: {
  membership: Membership;
  contentId: string;
}) {
  const [page, t] = await Promise.all([
    listCommentsForModeration(membership, { contentId }),
    getTranslations("content.comments"),
  ]);
  return (
    <section aria-labelledby="comments-heading" className="flex flex-col gap-4">
      <div>
        <h2 id="comments-heading" className="text-lg font-semibold">
          {t("title")}
        </h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("description")}</p>
      </div>
      <CommentModeration contentId={contentId} initial={page} />
    </section>
  );
}
