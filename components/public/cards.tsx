import { Calendar, Lock, MapPin } from "lucide-react";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { kindIcon } from "@/components/ui/kind-icon";
import { ResponsiveImage } from "@/components/ui/responsive-image";
import { TEMPLATE_STYLES, type TemplateStyle } from "@/lib/features/brand/templates";
import type { Locale } from "@/lib/core/i18n/config";
import { formatShortDate } from "@/lib/surfaces/public-site/format";
import { pickText } from "@/lib/surfaces/public-site/texts";
import type {
  FilterKind,
  MediaKindDto,
  PublicContent,
  PublicEvent,
  PublicImage,
} from "@/lib/surfaces/public-site/types";
import { cn } from "@/lib/core/merge-classes";

const cardSizes = {
  grid: "(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw",
  magazine: "(min-width: 768px) 768px, 100vw",
  stage: "(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw",
} as const;

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

/**
 * One item of a list, framed by the template: a rounded card (classic), a large figure with
 * its caption below (editorial), an edge-to-edge tile with the title over the image (stage).
 */
function ItemCard({
  style,
  href,
  kinds,
  image,
  placeholder,
  badges,
  label,
  title,
  titleLang,
  children,
}: {
  style: TemplateStyle;
  href: string;
  kinds: string[];
  image: PublicImage | null;
  placeholder: MediaKindDto;
  badges?: ReactNode;
  label?: ReactNode;
  title: string;
  /** The title's language when it is not the page's (a fallback version, the source). */
  titleLang?: string;
  children?: ReactNode;
}) {
  const { layout } = style;
  const media = (
    <span
      className={cn(
        "relative block",
        layout === "grid" && "aspect-[16/9]",
        layout === "magazine" && "aspect-[3/2]",
        layout === "stage" && "absolute inset-0 -z-10",
      )}
    >
      {image ? (
        <ResponsiveImage image={image} alt="" sizes={cardSizes[layout]} className="h-full w-full" />
      ) : (
        <Placeholder kind={placeholder} />
      )}
      {badges}
    </span>
  );
  if (layout === "magazine") {
    return (
      <li data-kinds={kinds.join(" ")} className="group">
        <Link prefetch={false} href={href} className="block">
          <figure>
            {media}
            <figcaption className="mt-4 flex flex-col gap-1 border-l-2 border-current pl-4">
              {label && <span className={cn(style.label, "text-zinc-600 dark:text-zinc-400")}>{label}</span>}
              <span
                lang={titleLang}
                className={cn(
                  style.itemTitle,
                  "group-hover:text-tenant-ink-light group-hover:underline dark:group-hover:text-tenant-ink-dark",
                )}
              >
                {title}
              </span>
              {children && <span className="text-zinc-700 italic dark:text-zinc-300">{children}</span>}
            </figcaption>
          </figure>
        </Link>
      </li>
    );
  }
  if (layout === "stage") {
    return (
      <li data-kinds={kinds.join(" ")} className="group" data-scheme="dark">
        <Link
          prefetch={false}
          href={href}
          className="relative isolate flex aspect-square flex-col justify-end overflow-hidden bg-ink-900 p-4 text-white"
        >
          {media}
          <span
            aria-hidden
            className="absolute inset-0 -z-10 bg-gradient-to-t from-black via-black/70 to-black/10"
          />
          {label && (
            <span className={cn(style.label, "mb-2 self-start bg-tenant px-2 py-1 text-on-tenant")}>
              {label}
            </span>
          )}
          <span lang={titleLang} className={cn(style.itemTitle, "group-hover:underline")}>
            {title}
          </span>
          {children && <span className="mt-1 text-sm text-zinc-200">{children}</span>}
        </Link>
      </li>
    );
  }
  return (
    <li data-kinds={kinds.join(" ")} className="group">
      <Link
        prefetch={false}
        href={href}
        className="block overflow-hidden rounded-2xl border border-zinc-200 bg-white shadow-sm transition-shadow hover:shadow-md dark:border-zinc-800 dark:bg-ink-800"
      >
        {media}
        <span className="block p-4">
          <span
            lang={titleLang}
            className={cn(
              "block",
              style.itemTitle,
              "group-hover:text-tenant-ink-light dark:group-hover:text-tenant-ink-dark",
            )}
          >
            {title}
          </span>
          {children && (
            <span className="mt-2 block text-sm text-zinc-600 dark:text-zinc-400">{children}</span>
          )}
        </span>
      </Link>
    </li>
  );
}

export async function EventCard({
  event,
  href,
  locale,
  style = TEMPLATE_STYLES.classic,
}: {
  event: PublicEvent;
  href: string;
  locale: Locale;
  style?: TemplateStyle;
}) {
  const date = (
    <time dateTime={event.startsAt}>{formatShortDate(event.startsAt, event.timeZone, locale)}</time>
  );
  if (style.layout !== "grid") {
    return (
      <ItemCard
        style={style}
        href={href}
        kinds={event.kinds}
        image={event.cover}
        placeholder="photo"
        label={
          <>
            {date}
            {event.location && ` · ${event.location}`}
          </>
        }
        title={event.name}
        titleLang={pickText(event.texts.name, locale)?.lang}
      />
    );
  }
  return (
    <ItemCard
      style={style}
      href={href}
      kinds={event.kinds}
      image={event.cover}
      placeholder="photo"
      title={event.name}
      titleLang={pickText(event.texts.name, locale)?.lang}
    >
      <span className="flex flex-wrap gap-x-4 gap-y-1">
        <span className="inline-flex items-center gap-1">
          <Calendar aria-hidden className="size-4" />
          {date}
        </span>
        {event.location && (
          <span className="inline-flex items-center gap-1">
            <MapPin aria-hidden className="size-4" />
            {event.location}
          </span>
        )}
      </span>
    </ItemCard>
  );
}

export async function ContentCard({
  content,
  href,
  locale,
  style = TEMPLATE_STYLES.classic,
}: {
  content: PublicContent;
  href: string;
  locale: Locale;
  style?: TemplateStyle;
}) {
  const t = await getTranslations("landing");
  const Icon = kindIcon[content.primaryKind];
  const count = content.kind === "single" ? 0 : countOf(content);
  const kindLabel = (
    <>
      {t(`kind.${content.primaryKind}`)}
      {count > 1 && <span> · {count}</span>}
    </>
  );
  const gated = content.requiresLead && (
    <span className="absolute top-2 right-2 rounded-full bg-black/60 p-1.5 text-white" title={t("gated")}>
      <Lock aria-hidden className="size-3.5" />
      <span className="sr-only">{t("gated")}</span>
    </span>
  );
  const grid = style.layout === "grid";
  return (
    <ItemCard
      style={style}
      href={href}
      kinds={contentKinds(content)}
      image={content.cover}
      placeholder={content.primaryKind}
      label={grid ? undefined : kindLabel}
      badges={
        <>
          {grid && (
            <span className="absolute top-2 left-2 inline-flex items-center gap-1 rounded-full bg-black/60 px-2 py-1 text-xs font-medium text-white backdrop-blur">
              <Icon aria-hidden className="size-3.5" />
              {kindLabel}
            </span>
          )}
          {gated}
        </>
      }
      title={content.title}
      titleLang={pickText(content.texts.title, locale)?.lang}
    >
      {content.description && (
        <span lang={pickText(content.texts.description, locale)?.lang} className="line-clamp-2 block">
          {content.description}
        </span>
      )}
    </ItemCard>
  );
}

/** What the card counts: a photo gallery its photos (a stray file from before the photos-only rule is not one). */
function countOf(content: PublicContent): number {
  if (content.kind === "photo_gallery") return content.counts.photo;
  return content.counts.photo + content.counts.video + content.counts.audio + content.counts.document;
}
