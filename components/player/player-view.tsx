import { Calendar, FileText, Lock, Tag } from "lucide-react";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { AudioPlayer } from "@/components/player/audio-player";
import {
  CommentsSlot,
  EngagementBar,
  EngagementProvider,
  type EngagementTarget,
} from "@/components/engagement/slots";
import { PhotoViewer } from "@/components/player/photo-viewer";
import { PLAYER_FIRST_PHOTOS } from "@/lib/platform/site/gallery-pages";
import { VideoPlayer } from "@/components/player/video-player";
import { kindIcon } from "@/components/ui/kind-icon";
import { ResponsiveImage } from "@/components/ui/responsive-image";
import { TranslatedText, TranslationNote, TranslationScope } from "@/components/translation/translated-text";
import { TEMPLATE_STYLES, type TemplateStyle } from "@/lib/features/brand/templates";
import type { Locale } from "@/lib/core/i18n/config";
import { formatShortDate } from "@/lib/surfaces/public-site/format";
import { pickText } from "@/lib/surfaces/public-site/texts";
import type { TenantLinks } from "@/lib/platform/site/links";
import type { PublicContent, PublicEvent, PublicMedia } from "@/lib/surfaces/public-site/types";
import { cn } from "@/lib/core/merge-classes";

async function LockedMedia({ content }: { content: PublicContent }) {
  const t = await getTranslations("player");
  return (
    <div className="relative flex aspect-video items-center justify-center overflow-hidden rounded-2xl bg-ink-900 text-white">
      {content.cover && (
        <ResponsiveImage
          image={content.cover}
          alt=""
          sizes="100vw"
          lazy={false}
          priority
          className="absolute inset-0 h-full w-full opacity-40"
        />
      )}
      <p className="relative flex max-w-sm flex-col items-center gap-2 p-6 text-center">
        <Lock aria-hidden className="size-8" />
        {t("gatedMedia")}
      </p>
    </div>
  );
}

async function DocumentCard({ content, documents }: { content: PublicContent; documents: PublicMedia[] }) {
  const t = await getTranslations("player");
  return (
    <div className="flex flex-col gap-4 rounded-2xl border border-zinc-200 p-4 sm:flex-row sm:items-center dark:border-zinc-800">
      <div className="aspect-[3/4] w-40 shrink-0 self-center overflow-hidden rounded-xl bg-zinc-100 sm:w-48 dark:bg-zinc-800">
        {content.cover ? (
          <ResponsiveImage
            image={content.cover}
            alt=""
            sizes="(min-width: 640px) 192px, 100vw"
            lazy={false}
            priority
            className="h-full w-full"
          />
        ) : (
          <span className="flex h-full items-center justify-center">
            <FileText aria-hidden className="size-12 text-zinc-400" />
          </span>
        )}
      </div>
      <div className="flex flex-col gap-2">
        <p className="inline-flex items-center gap-2 font-medium">
          <FileText aria-hidden className="size-5" />
          {t("documentCount", { count: documents.length })}
        </p>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {content.downloadRule === "none"
            ? t("documentViewOnly")
            : content.requiresLead
              ? t("documentGated")
              : t("documentHint")}
        </p>
      </div>
    </div>
  );
}

/** The content's own viewer by kind: photos, videos, audio or a document. */
async function MediaStage({ content }: { content: PublicContent }) {
  const t = await getTranslations("gallery");
  const photos = content.media.filter((m) => m.kind === "photo" && m.image);
  const videos = content.media.filter((m) => m.kind === "video");
  const audio = content.media.find((m) => m.kind === "audio");
  const documents = content.media.filter((m) => m.kind === "document");

  switch (content.primaryKind) {
    case "video":
      // Playable when it has a stream (a rendition, or an ungated original): the lead gates downloads only.
      return videos.some((v) => v.streams.length > 0) ? (
        <VideoPlayer videos={videos.filter((v) => v.streams.length > 0)} title={content.title} />
      ) : (
        <LockedMedia content={content} />
      );
    case "audio":
      return (
        <div className="flex flex-col gap-4">
          {content.cover && (
            <ResponsiveImage
              image={content.cover}
              alt={content.title}
              sizes="(min-width: 640px) 320px, 100vw"
              lazy={false}
              priority
              className="aspect-square w-full max-w-xs self-center rounded-2xl shadow-lg"
            />
          )}
          {audio && audio.streams.length > 0 ? (
            <AudioPlayer track={audio} title={content.title} />
          ) : (
            <LockedMedia content={content} />
          )}
        </div>
      );
    case "document":
      return <DocumentCard content={content} documents={documents} />;
    case "photo":
    default:
      return photos.length > 0 ? (
        // The first page only: a large gallery's other photos come as the fan moves (issue #36).
        <PhotoViewer
          items={photos.slice(0, PLAYER_FIRST_PHOTOS).map((m, i) => ({
            id: m.id,
            image: m.image!,
            alt: t("photoAlt", { title: content.title, index: i + 1, total: photos.length }),
          }))}
          total={photos.length}
          title={content.title}
        />
      ) : (
        <LockedMedia content={content} />
      );
  }
}

/** The player page (spec §2): the content's viewer, its title, the company and event links, engagement slots. */
export async function PlayerView({
  content,
  events,
  locale,
  links,
  url,
  style = TEMPLATE_STYLES.classic,
}: {
  content: PublicContent;
  events: PublicEvent[];
  locale: Locale;
  links: TenantLinks;
  url: string;
  /** The company's template (`lib/features/brand/templates.ts`): the header's layout and typography. */
  style?: TemplateStyle;
}) {
  const t = await getTranslations("player");
  const tl = await getTranslations("landing");
  const Icon = kindIcon[content.primaryKind];
  const target: EngagementTarget = {
    contentId: content.id,
    companyId: content.companyId,
    title: content.title,
    url,
    requiresLead: content.requiresLead,
    // "None" is view only: no download button and no "Download all" (the API refuses them too).
    downloadable: content.downloadRule !== "none" && content.media.length > 0,
    downloadAll:
      content.downloadRule !== "none" &&
      content.kind === "photo_gallery" &&
      content.media.some((m) => m.kind === "photo"),
    privacyUrl: links.privacy,
  };
  const title = pickText(content.texts.title, locale);
  const description = pickText(content.texts.description, locale);
  const titleClass =
    style.layout === "grid" ? "text-2xl font-bold tracking-tight text-balance sm:text-4xl" : style.title;
  return (
    <EngagementProvider target={target}>
      <TranslationScope>
        <article
          className={cn(
            "mx-auto flex flex-col gap-6 px-4 py-8 sm:px-6 sm:py-10",
            { grid: "max-w-5xl", magazine: "max-w-3xl", stage: "max-w-none" }[style.layout],
            style.layout === "stage" && "pt-0 sm:pt-0",
          )}
        >
          {/* On a laptop (lg) the action row sits right under the header, above the media, so
              like, share and download show without scrolling (issue #18); phones keep it below. */}
          <header
            className={cn(
              "flex flex-col gap-2 lg:-order-2",
              style.layout === "magazine" && "items-center text-center",
              style.layout === "stage" && "-mx-4 bg-tenant px-4 py-8 text-on-tenant sm:-mx-6 sm:px-6",
            )}
          >
            <p
              className={cn(
                "inline-flex items-center gap-2",
                style.label,
                style.layout !== "stage" && "text-zinc-600 dark:text-zinc-400",
              )}
            >
              <Icon aria-hidden className="size-4" />
              {tl(`kind.${content.primaryKind}`)}
              {content.requiresLead && (
                <span className="inline-flex items-center gap-1">
                  · <Lock aria-hidden className="size-3.5" /> {tl("gated")}
                </span>
              )}
            </p>
            {title ? (
              <TranslatedText as="h1" shown={title} className={titleClass} />
            ) : (
              <h1 className={titleClass}>{content.title}</h1>
            )}
            {events.length > 0 && (
              <ul className={cn("flex flex-wrap gap-2", style.layout === "magazine" && "justify-center")}>
                {events.map((event) => (
                  <li key={event.id}>
                    <Link
                      prefetch={false}
                      href={links.event(event.slug)}
                      className={cn(
                        "touch-target inline-flex items-center gap-2 border px-3 py-1 text-sm",
                        style.layout === "stage"
                          ? "border-current hover:bg-on-tenant hover:text-tenant"
                          : "rounded-full border-zinc-300 hover:border-zinc-500 dark:border-zinc-700",
                      )}
                    >
                      <Calendar aria-hidden className="size-4" />
                      <span>
                        {t("fromEvent")}{" "}
                        <span className="font-medium" lang={pickText(event.texts.name, locale)?.lang}>
                          {event.name}
                        </span>{" "}
                        ·{" "}
                        <time dateTime={event.startsAt}>
                          {formatShortDate(event.startsAt, event.timeZone, locale)}
                        </time>
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </header>

          <MediaStage content={content} />
          <div className="lg:-order-1">
            <EngagementBar target={target} />
          </div>

          {description && (
            <TranslatedText
              shown={description}
              className="max-w-3xl text-lg whitespace-pre-line text-zinc-700 dark:text-zinc-300"
            />
          )}
          {(title?.automatic || description?.automatic) && (
            <TranslationNote originalLang={content.texts.title.sourceLocale} />
          )}
          {content.tags.length > 0 && (
            <ul className="flex flex-wrap gap-2" aria-label={t("tags")}>
              {content.tags.map((tag) => (
                <li
                  key={tag}
                  className="inline-flex items-center gap-1 rounded-full bg-zinc-100 px-3 py-1 text-sm dark:bg-zinc-800"
                >
                  <Tag aria-hidden className="size-3.5" />
                  {tag}
                </li>
              ))}
            </ul>
          )}
          <CommentsSlot />
        </article>
      </TranslationScope>
    </EngagementProvider>
  );
}
