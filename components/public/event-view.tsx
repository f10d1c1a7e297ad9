import { ArrowLeft, Calendar, MapPin, Ticket } from "lucide-react";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { GalleryGrid } from "@/components/gallery/gallery-grid";
import type { LightboxItem } from "@/components/gallery/lightbox";
import { ContentCard } from "@/components/public/cards";
import { ResponsiveImage } from "@/components/public/responsive-image";
import type { Locale } from "@/lib/i18n/config";
import { formatEventDate, formatPrice } from "@/lib/public/format";
import type { TenantLinks } from "@/lib/public/links";
import type { PublicContent, PublicEvent } from "@/lib/public/types";

/** Every photo of the event's photo contents, in the organiser's order, for the grid and lightbox. */
async function photoItems(contents: PublicContent[], links: TenantLinks): Promise<LightboxItem[]> {
  const t = await getTranslations("gallery");
  return contents
    .filter((c) => c.primaryKind === "photo")
    .flatMap((c) => {
      const photos = c.media.filter((m) => m.kind === "photo" && m.image);
      return photos.map((m, i) => ({
        id: m.id,
        image: m.image!,
        alt: t("photoAlt", { title: c.title, index: i + 1, total: photos.length }),
        href: links.player(c.id),
      }));
    });
}

/** An event (spec §2): banner, date, location, price, description, photo grid with lightbox, contents. */
export async function EventView({
  event,
  contents,
  locale,
  links,
  companyName,
}: {
  event: PublicEvent;
  contents: PublicContent[];
  locale: Locale;
  links: TenantLinks;
  companyName: string;
}) {
  const t = await getTranslations("event");
  const price = formatPrice(event.priceMinor, event.currency, locale);
  const photos = await photoItems(contents, links);

  return (
    <article>
      <header className="relative isolate overflow-hidden bg-ink-900 text-white">
        {event.cover && (
          <ResponsiveImage
            image={event.cover}
            alt=""
            sizes="100vw"
            lazy={false}
            className="absolute inset-0 -z-10 h-full w-full opacity-50"
          />
        )}
        <div className="absolute inset-0 -z-10 bg-gradient-to-t from-ink-900 via-ink-900/60 to-transparent" />
        <div className="mx-auto max-w-6xl px-4 pt-24 pb-10 sm:px-6 sm:pt-40">
          <Link
            href={links.home}
            className="mb-6 inline-flex items-center gap-1 text-sm text-zinc-200 hover:text-white"
          >
            <ArrowLeft aria-hidden className="size-4" />
            {companyName}
          </Link>
          <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-5xl">{event.name}</h1>
          <dl className="mt-6 flex flex-col gap-2 text-zinc-100 sm:flex-row sm:flex-wrap sm:gap-x-8">
            <div className="flex items-center gap-2">
              <dt>
                <Calendar aria-hidden className="size-5" />
                <span className="sr-only">{t("date")}</span>
              </dt>
              <dd>
                <time dateTime={event.startsAt}>
                  {formatEventDate(event.startsAt, event.timeZone, locale)}
                </time>
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
        </div>
      </header>

      <div className="mx-auto flex max-w-6xl flex-col gap-12 px-4 py-10 sm:px-6">
        {event.description && (
          <p className="max-w-3xl text-lg whitespace-pre-line text-zinc-700 dark:text-zinc-300">
            {event.description}
          </p>
        )}

        {photos.length > 0 && (
          <section aria-labelledby="event-gallery-title">
            <h2 id="event-gallery-title" className="mb-4 text-2xl font-bold">
              {t("galleryTitle")}
            </h2>
            <GalleryGrid items={photos} />
          </section>
        )}

        <section aria-labelledby="event-contents-title">
          <h2 id="event-contents-title" className="text-2xl font-bold">
            {t("contentsTitle")}
          </h2>
          {contents.length === 0 ? (
            <p className="mt-4 text-zinc-600 dark:text-zinc-400">{t("noContents")}</p>
          ) : (
            <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {contents.map((content) => (
                <ContentCard key={content.id} content={content} href={links.player(content.id)} />
              ))}
            </ul>
          )}
        </section>
      </div>
    </article>
  );
}
