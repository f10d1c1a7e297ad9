import { AudioLines, Calendar, Camera, FileText, Lock, MapPin, Video } from "lucide-react";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { ResponsiveImage } from "@/components/public/responsive-image";
import type { Locale } from "@/lib/i18n/config";
import { formatShortDate } from "@/lib/public/format";
import type { FilterKind, MediaKindDto, PublicContent, PublicEvent } from "@/lib/public/types";

export const kindIcon = { photo: Camera, video: Video, audio: AudioLines, document: FileText } as const;

const cardSizes = "(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw";

/** Kinds a content matches in the landing filters. */
export function contentKinds(content: PublicContent): FilterKind[] {
  const kinds = new Set<FilterKind>();
  if (content.primaryKind !== "document") kinds.add(content.primaryKind);
  for (const kind of ["photo", "video", "audio"] as const) if (content.counts[kind] > 0) kinds.add(kind);
  return [...kinds];
}

function Placeholder({ kind }: { kind: MediaKindDto }) {
  const Icon = kindIcon[kind];
  return (
    <span className="flex h-full w-full items-center justify-center bg-gradient-to-br from-zinc-800 to-zinc-950 text-zinc-400">
      <Icon aria-hidden className="size-10" />
    </span>
  );
}

export async function EventCard({
  event,
  href,
  locale,
}: {
  event: PublicEvent;
  href: string;
  locale: Locale;
}) {
  return (
    <li data-kinds={event.kinds.join(" ")} className="group">
      <Link
        href={href}
        className="block overflow-hidden rounded-2xl border border-zinc-200 bg-white shadow-sm transition-shadow hover:shadow-md dark:border-zinc-800 dark:bg-ink-800"
      >
        <span className="block aspect-[16/9]">
          {event.cover ? (
            <ResponsiveImage image={event.cover} alt="" sizes={cardSizes} className="h-full w-full" />
          ) : (
            <Placeholder kind="photo" />
          )}
        </span>
        <span className="block p-4">
          <span className="block text-lg font-semibold group-hover:text-brand-600">{event.name}</span>
          <span className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-zinc-600 dark:text-zinc-400">
            <span className="inline-flex items-center gap-1">
              <Calendar aria-hidden className="size-4" />
              <time dateTime={event.startsAt}>{formatShortDate(event.startsAt, event.timeZone, locale)}</time>
            </span>
            {event.location && (
              <span className="inline-flex items-center gap-1">
                <MapPin aria-hidden className="size-4" />
                {event.location}
              </span>
            )}
          </span>
        </span>
      </Link>
    </li>
  );
}

export async function ContentCard({ content, href }: { content: PublicContent; href: string }) {
  const t = await getTranslations("landing");
  const Icon = kindIcon[content.primaryKind];
  const count = content.kind === "single" ? 0 : countOf(content);
  return (
    <li data-kinds={contentKinds(content).join(" ")} className="group">
      <Link
        href={href}
        className="block overflow-hidden rounded-2xl border border-zinc-200 bg-white shadow-sm transition-shadow hover:shadow-md dark:border-zinc-800 dark:bg-ink-800"
      >
        <span className="relative block aspect-[4/3]">
          {content.cover ? (
            <ResponsiveImage image={content.cover} alt="" sizes={cardSizes} className="h-full w-full" />
          ) : (
            <Placeholder kind={content.primaryKind} />
          )}
          <span className="absolute top-2 left-2 inline-flex items-center gap-1 rounded-full bg-black/60 px-2 py-1 text-xs font-medium text-white backdrop-blur">
            <Icon aria-hidden className="size-3.5" />
            {t(`kind.${content.primaryKind}`)}
            {count > 1 && <span>· {count}</span>}
          </span>
          {content.requiresLead && (
            <span
              className="absolute top-2 right-2 rounded-full bg-black/60 p-1.5 text-white"
              title={t("gated")}
            >
              <Lock aria-hidden className="size-3.5" />
              <span className="sr-only">{t("gated")}</span>
            </span>
          )}
        </span>
        <span className="block p-4">
          <span className="block font-semibold group-hover:text-brand-600">{content.title}</span>
          {content.description && (
            <span className="mt-1 line-clamp-2 block text-sm text-zinc-600 dark:text-zinc-400">
              {content.description}
            </span>
          )}
        </span>
      </Link>
    </li>
  );
}

function countOf(content: PublicContent): number {
  return content.counts.photo + content.counts.video + content.counts.audio + content.counts.document;
}
