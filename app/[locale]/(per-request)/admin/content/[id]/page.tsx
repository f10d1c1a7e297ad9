import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { EditPageFrame, EditPageHeader } from "@/components/admin/edit-page-frame";
import { CommentsSection } from "@/components/comments/comments-section";
import { ContentForm } from "@/components/content/content-form";
import { ContentStatusActions } from "@/components/content/content-status-actions";
import { FavouritesPanel } from "@/components/content/favourites-panel";
import { MediaManager } from "@/components/content/media-manager";
import { StatusBadge } from "@/components/content/status-badge";
import { ReviewPanel } from "@/components/review/review-panel";
import { QrCodesPanel } from "@/components/share/qr-codes-panel";
import { GalleryWatermarkSection } from "@/components/watermarks/gallery-watermark-section";
import { getMediaPage } from "@/lib/features/content/media-page";
import { getContentForEdit } from "@/lib/features/content/queries";
import { mediaPageSchema } from "@/lib/features/content/schemas";
import { eventOptions } from "@/lib/features/events/queries";
import { requireMembership } from "@/lib/platform/tenancy/guard";
import { loadFieldVersions } from "@/lib/features/translation/review";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("content");
  return { title: t("editTitle") };
}

export default async function EditContentPage({
  params,
  searchParams,
}: PageProps<"/[locale]/admin/content/[id]">) {
  const { locale, id } = await params;
  setRequestLocale(locale);
  const membership = await requireMembership("content.manage");
  // One page of its files in the order the URL names (issue #36: a 5,000-photo gallery).
  const mediaRequest = mediaPageSchema.parse(await searchParams);
  const [content, media, events, t] = await Promise.all([
    getContentForEdit(membership.company.id, id),
    getMediaPage(membership.company.id, id, mediaRequest),
    eventOptions(membership.company.id),
    getTranslations("content"),
  ]);
  // After the content is found (a foreign or unknown id is a 404 before any translation is read).
  const translations = await loadFieldVersions(membership, "content", content.id);

  return (
    <EditPageFrame
      className="flex max-w-5xl flex-col gap-8"
      back={{ href: "/admin/content", label: t("backToList") }}
    >
      <EditPageHeader
        title={content.title}
        factsClassName="flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400"
        facts={
          <>
            <StatusBadge tone={content.status}>{t(`status.${content.status}`)}</StatusBadge>
            {t(`kind.${content.kind}`)}
          </>
        }
        publicLink={
          content.status === "published"
            ? { href: `/player/${content.id}`, label: t("viewPublic") }
            : undefined
        }
        actions={
          <ContentStatusActions contentId={content.id} status={content.status} title={content.title} />
        }
      />

      <MediaManager
        contentId={content.id}
        media={media}
        coverMediaId={content.coverMediaId}
        single={content.kind === "single"}
        kind={content.kind}
      />

      <section aria-labelledby="details-heading" className="flex flex-col gap-4">
        <h2 id="details-heading" className="text-lg font-semibold">
          {t("details")}
        </h2>
        <ContentForm
          key={`${content.id}-${content.status}`}
          contentId={content.id}
          events={events}
          translations={translations}
          initial={{
            title: content.title,
            description: content.description,
            category: content.category,
            tags: content.tags.join(", "),
            kind: content.kind,
            status: content.status,
            eventIds: content.eventIds,
            requiresLead: content.requiresLead,
            keepPhotoMetadata: content.keepPhotoMetadata,
            downloadRule: content.downloadRule,
            webDownloadEdge: content.webDownloadEdge,
            visibility: content.visibility,
            accessPassword: "",
            hasPassword: content.hasPassword,
            expiresAt: content.expiresAt,
          }}
        />
      </section>

      <GalleryWatermarkSection membership={membership} content={content} />

      {content.kind === "photo_gallery" && <ReviewPanel membership={membership} content={content} />}

      {content.kind === "photo_gallery" && (
        <FavouritesPanel companyId={membership.company.id} contentId={content.id} />
      )}

      <QrCodesPanel membership={membership} item={{ kind: "content", id: content.id }} />

      <CommentsSection membership={membership} contentId={content.id} />
    </EditPageFrame>
  );
}
