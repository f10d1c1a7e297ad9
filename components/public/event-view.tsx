import { ArrowLeft, Calendar, MapPin, Ticket } from "lucide-react";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { GalleryGrid } from "@/components/gallery/gallery-grid";
import type { LightboxItem } from "@/components/gallery/lightbox";
import { ContentCard } from "@/components/public/cards";
import { ResponsiveImage } from "@/components/ui/responsive-image";
import { TranslatedText, TranslationNote, TranslationScope } from "@/components/translation/translated-text";
import { TEMPLATE_STYLES, type TemplateStyle } from "@/lib/features/brand/templates";
import type { Locale } from "@/lib/core/i18n/config";
import { formatEventDate, formatPrice } from "@/lib/surfaces/public-site/format";
import { pickText } from "@/lib/surfaces/public-site/texts";
import type { TenantLinks } from "@/lib/platform/site/links";
import type { PublicContent, PublicEvent } from "@/lib/surfaces/public-site/types";
import { ShareMenu } from "@/components/share/share-menu";
import { cn } from "@/lib/core/merge-classes";
import { EVENT_PAGE_PHOTOS } from "@/lib/platform/site/gallery-pages";
import { brandText } from "@/components/ui/tenant-styles";

/**
 * The photos of the event's photo contents, in the organiser's order, for the grid and lightbox:
 * at most EVENT_PAGE_PHOTOS of each gallery (issue #36: a 5,000-photo gallery is not a 5,000-item
 * page), with a link to the player of each gallery that has more.
 */
async function photoItems(
  contents: PublicContent[],
  links: TenantLinks,
): Promise<{ items: LightboxItem[]; more: { href: string; title: string; total: number }[] }> {
  const t = await getTranslations("gallery");
  const galleries = contents
    .filter((c) => c.primaryKind === "photo")
    .map((c) => ({ content: c, photos: c.media.filter((m) => m.kind === "photo" && m.image) }));
  return {
    items: galleries.flatMap(({ content: c, photos }) =>
      photos.slice(0, EVENT_PAGE_PHOTOS).map((m, i) => ({
        id: m.id,
        image: m.image!,
        alt: t("photoAlt", { title: c.title, index: i + 1, total: photos.length }),
        href: links.player(c.id),
      })),
    ),
    more: galleries
      .filter(({ photos }) => photos.length > EVENT_PAGE_PHOTOS)
      .map(({ content: c, photos }) => ({ href: links.player(c.id), title: c.title, total: photos.length })),
  };
}

/** Date, location and price of the event, as a definition list. */
async function EventFacts({
  event,
  locale,
  className,
}: {
  event: PublicEvent;
  locale: Locale;
  className: string;
}) {
  const t = await getTranslations("event");
  const price = formatPrice(event.priceMinor, event.currency, locale);
  return (
    <dl className={className}>
      <div className="flex items-center gap-2">
        <dt>
          <Calendar aria-hidden className="size-5" />
          <span className="sr-only">{t("date")}</span>
        </dt>
        <dd>
          <time dateTime={event.startsAt}>{formatEventDate(event.startsAt, event.timeZone, locale)}</time>
        </dd>
      </div>
      {event.location && (
        <div className="flex items-center gap-2">
          <dt>
            <MapPin aria-hidden className="size-5" />
            <span className="sr-only">{t("location")}</span>
          </dt>
          <dd>{event.location}</dd>
        </div>
      )}
      <div className="flex items-center gap-2">
        <dt>
          <Ticket aria-hidden className="size-5" />
          <span className="sr-only">{t("price")}</span>
        </dt>
        <dd>{price ?? t("free")}</dd>
      </div>
    </dl>
  );
}

/** The event's name as an `h1`, in the page's language (with its original when automatic). */
function EventName({ event, locale, className }: { event: PublicEvent; locale: Locale; className: string }) {
  const shown = pickText(event.texts.name, locale);
  if (!shown) return <h1 className={className}>{event.name}</h1>;
  return <TranslatedText as="h1" shown={shown} className={className} />;
}

/**
 * The event's header per template: the banner behind the title (classic); a centred title
 * above the banner as a large captioned figure (editorial); a full-bleed band in the brand
 * colour, the banner edge to edge below it (stage).
 */
async function EventHeader({
  event,
  locale,
  links,
  companyName,
  style,
}: {
  event: PublicEvent;
  locale: Locale;
  links: TenantLinks;
  companyName: string;
  style: TemplateStyle;
}) {
  const back = (className: string) => (
    <Link
      prefetch={false}
      href={links.home}
      className={cn("touch-target inline-flex items-center gap-1 text-sm hover:underline", className)}
    >
      <ArrowLeft aria-hidden className="size-4" />
      {companyName}
    </Link>
  );
  if (style.layout === "magazine") {
    return (
      <header className="mx-auto flex max-w-3xl flex-col items-center gap-5 px-5 pt-10 text-center sm:px-8 sm:pt-14">
        {back("text-zinc-600 dark:text-zinc-400")}
        <EventName event={event} locale={locale} className={style.title} />
        <EventFacts
          event={event}
          locale={locale}
          className={cn(
            style.label,
            "flex flex-col items-center gap-2 text-zinc-700 sm:flex-row sm:gap-x-6 dark:text-zinc-300",
          )}
        />
        {event.cover && (
          <figure className="mt-4 w-full">
            <ResponsiveImage
              image={event.cover}
              priority
              alt=""
              sizes="(min-width: 768px) 768px, 100vw"
              lazy={false}
              className="aspect-[3/2] w-full"
            />
            <figcaption className="mt-2 text-left text-sm text-zinc-600 italic dark:text-zinc-400">
              {[event.name, event.location].filter(Boolean).join(" — ")}
            </figcaption>
          </figure>
        )}
      </header>
    );
  }
  if (style.layout === "stage") {
    return (
      <header>
        <div className="bg-tenant px-4 pt-10 pb-10 text-on-tenant sm:px-8 sm:pt-16">
          {back("mb-6")}
          <EventName event={event} locale={locale} className={style.title} />
          <EventFacts
            event={event}
            locale={locale}
            className="mt-6 flex flex-col gap-2 font-semibold tracking-wide uppercase sm:flex-row sm:flex-wrap sm:gap-x-8"
          />
        </div>
        {event.cover && (
          <ResponsiveImage
            image={event.cover}
            priority
            alt=""
            sizes="100vw"
            lazy={false}
            className="aspect-[21/9] w-full"
          />
        )}
      </header>
    );
  }
  return (
    <header className="relative isolate overflow-hidden bg-ink-900 text-white">
      {event.cover && (
        <ResponsiveImage
          image={event.cover}
          priority
          alt=""
          sizes="100vw"
          lazy={false}
          className="absolute inset-0 -z-10 h-full w-full opacity-50"
        />
      )}
      <div className="absolute inset-0 -z-10 bg-gradient-to-t from-ink-900 via-ink-900/60 to-transparent" />
      <div className="mx-auto max-w-6xl px-4 pt-24 pb-10 sm:px-6 sm:pt-40">
        {back("mb-6 text-zinc-200 hover:text-white")}
        <EventName
          event={event}
          locale={locale}
          className="text-3xl font-bold tracking-tight text-balance sm:text-5xl"
        />
        <EventFacts
          event={event}
          locale={locale}
          className="mt-6 flex flex-col gap-2 text-zinc-100 sm:flex-row sm:flex-wrap sm:gap-x-8"
        />
      </div>
    </header>
  );
}

/** An event (spec §2): banner, date, location, price, description, photo grid with lightbox, contents. */
export async function EventView({
  event,
  contents,
  locale,
  links,
  companyName,
  style = TEMPLATE_STYLES.classic,
  shareUrl,
}: {
  event: PublicEvent;
  contents: PublicContent[];
  locale: Locale;
  links: TenantLinks;
  companyName: string;
  style?: TemplateStyle;
  /** The event's canonical address, for the share menu. */
  shareUrl?: string;
}) {
  const t = await getTranslations("event");
  const { items: photos, more } = await photoItems(contents, links);
  const description = pickText(event.texts.description, locale);
  const automatic = description?.automatic || pickText(event.texts.name, locale)?.automatic;

  return (
    <TranslationScope>
      <article>
        <EventHeader event={event} locale={locale} links={links} companyName={companyName} style={style} />
        {shareUrl && (
          <div className={cn("flex justify-center pt-6", style.container)}>
            <ShareMenu url={shareUrl} title={pickText(event.texts.name, locale)?.text ?? event.name} />
          </div>
        )}

        <div className={cn("flex flex-col gap-12 py-10", style.container)}>
          {(description || automatic) && (
            <div className={cn("flex max-w-3xl flex-col gap-3", style.inset)}>
              {description && (
                <TranslatedText
                  shown={description}
                  className={cn(
                    "text-lg whitespace-pre-line text-zinc-700 dark:text-zinc-300",
                    style.layout === "magazine" &&
                      "leading-relaxed first-letter:float-left first-letter:mr-2 first-letter:text-6xl first-letter:leading-none",
                  )}
                />
              )}
              {automatic && <TranslationNote originalLang={event.texts.name.sourceLocale} />}
            </div>
          )}

          {photos.length > 0 && (
            <section aria-labelledby="event-gallery-title">
              <h2 id="event-gallery-title" className={cn("mb-4", style.heading, style.inset)}>
                {t("galleryTitle")}
              </h2>
              <GalleryGrid items={photos} />
              {more.map((gallery) => (
                <p key={gallery.href} className={cn("mt-4", style.inset)}>
                  <Link
                    href={gallery.href}
                    className={cn("font-medium underline underline-offset-4", brandText)}
                  >
                    {t("seeAllPhotos", { title: gallery.title, count: gallery.total })}
                  </Link>
                </p>
              ))}
            </section>
          )}

          <section aria-labelledby="event-contents-title">
            <h2 id="event-contents-title" className={cn(style.heading, style.inset)}>
              {t("contentsTitle")}
            </h2>
            {contents.length === 0 ? (
              <p className={cn("mt-4 text-zinc-600 dark:text-zinc-400", style.inset)}>{t("noContents")}</p>
            ) : (
              <ul className={cn("mt-6", style.list)}>
                {contents.map((content) => (
                  <ContentCard
                    key={content.id}
                    content={content}
                    href={links.player(content.id)}
                    locale={locale}
                    style={style}
                  />
                ))}
              </ul>
            )}
          </section>
        </div>
      </article>
    </TranslationScope>
  );
}
