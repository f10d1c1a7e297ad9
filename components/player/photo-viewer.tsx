"use client";

import dynamic from "next/dynamic";
import { Heart, Maximize2, Send } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useState, type KeyboardEvent } from "react";
import type { LightboxItem } from "@/components/gallery/lightbox";
import { SteppedImage } from "@/components/gallery/stepped-image";
import { useOptionalEngagement, useReportCurrentMedia } from "@/components/engagement/engagement-provider";
import { DownloadButton } from "@/components/engagement/download-button";
import { useFavourites } from "@/components/engagement/use-favourites";
import { ThumbnailStrip } from "@/components/player/thumbnail-strip";
import { useGalleryPages, useWhenVisible } from "@/components/player/use-gallery-pages";
import { useMessage } from "@/components/engagement/use-message";
import { toast } from "@/components/ui/lazy-toast";
import { cx } from "@/lib/core/join-classes";

// The full-screen viewer loads when a fan first opens a photo, not with the page.
const Lightbox = dynamic(() => import("@/components/gallery/lightbox").then((m) => m.Lightbox), {
  ssr: false,
});
// "Get my favourites on another device": only for a fan who opens it.
const FavouritesLinkForm = dynamic(
  () => import("@/components/engagement/favourites-link-form").then((m) => m.FavouritesLinkForm),
  { ssr: false },
);

/** How close to the last loaded photo the next page is asked for. */
const PREFETCH_AHEAD = 8;

/**
 * The player's photo viewer: one large photo, ← / → to move, thumbnails, full screen; a heart
 * per photo and "My favourites" to see only the hearted ones (issue #36). A large gallery comes
 * a page at a time (`useGalleryPages`): `items` is its first page, `total` all its photos.
 */
export function PhotoViewer({
  items: first,
  total,
  title,
}: {
  items: LightboxItem[];
  total: number;
  title: string;
}) {
  const t = useTranslations("gallery");
  const [index, setIndex] = useState(0);
  const [full, setFull] = useState(false);
  const favourites = useFavourites();
  const [onlyFavourites, setOnlyFavourites] = useState(false);
  const hearted = favourites.ids;
  const pages = useGalleryPages(first, total, title);
  const all = pages.items;
  const items =
    onlyFavourites && hearted
      ? [
          ...all.filter((i) => hearted.has(i.id)),
          ...[...pages.extras.values()].filter((i) => hearted.has(i.id) && !all.some((a) => a.id === i.id)),
        ]
      : all;
  const count = items.length;
  // The counter counts the whole gallery, loaded or not.
  const shownTotal = onlyFavourites ? count : pages.total;
  // Un-hearting the last photo of "My favourites" shortens the list under the index.
  const current = Math.min(index, Math.max(0, count - 1));
  const item = items[current];
  // The download button saves the photo on screen.
  useReportCurrentMedia(item?.id);
  const target = useOptionalEngagement()?.target;
  const [askLink, setAskLink] = useState(false);
  const message = useMessage();
  const showOnly = (only: boolean) => {
    setOnlyFavourites(only);
    setIndex(0);
  };
  // Near the end of what is loaded, the next page is on its way before the fan gets there.
  const nearEnd = !onlyFavourites && current >= all.length - PREFETCH_AHEAD;
  const { loadMore, loadIds, complete } = pages;
  useEffect(() => {
    if (nearEnd) loadMore();
  }, [nearEnd, loadMore]);
  // "My favourites" of a large gallery: hearted photos of pages not loaded yet, asked for by id.
  useEffect(() => {
    if (onlyFavourites && hearted && !complete) loadIds([...hearted]);
  }, [onlyFavourites, hearted, complete, loadIds]);
  const stripEnd = useWhenVisible(loadMore, !onlyFavourites && !complete);
  // Opened from the e-mailed link: straight to the favourites it brought (issue #36).
  const { fromLink, linkError } = favourites;
  const [linkShown, setLinkShown] = useState(false);
  if (fromLink && !linkShown) {
    setLinkShown(true);
    showOnly(true);
  }
  useEffect(() => {
    if (linkError) toast.error(message(linkError, "engagement.errors.favouritesLinkInvalid"));
  }, [linkError, message]);
  const favouritesToggle = hearted && pages.total > 1 && (
    <div className="flex flex-wrap items-center gap-2">
      <button
        type="button"
        aria-pressed={onlyFavourites}
        onClick={() => showOnly(!onlyFavourites)}
        className="inline-flex h-11 items-center gap-2 rounded-full border border-zinc-300 px-3 text-sm hover:bg-zinc-100 dark:border-zinc-600 dark:hover:bg-zinc-800"
      >
        <Heart aria-hidden className={cx("size-4", onlyFavourites && "fill-current")} />
        {t("favouritesOnly", { count: hearted.size })}
      </button>
      {onlyFavourites && hearted.size > 0 && target?.downloadable && target.downloadAll && (
        <DownloadButton all favourites />
      )}
      {onlyFavourites && hearted.size > 0 && target && (
        <button
          type="button"
          aria-expanded={askLink}
          onClick={() => setAskLink(!askLink)}
          className="inline-flex h-11 items-center gap-2 rounded-full border border-zinc-300 px-3 text-sm hover:bg-zinc-100 dark:border-zinc-600 dark:hover:bg-zinc-800"
        >
          <Send aria-hidden className="size-4" />
          {t("favouritesLink.open")}
        </button>
      )}
    </div>
  );
  const linkForm = onlyFavourites && askLink && target && (hearted?.size ?? 0) > 0 && (
    <FavouritesLinkForm contentId={target.contentId} privacyUrl={target.privacyUrl} />
  );
  if (!item) {
    return (
      <div className="flex flex-col gap-3">
        {favouritesToggle}
        <p className="rounded-2xl border border-dashed border-zinc-300 p-8 text-center text-sm text-zinc-600 dark:border-zinc-600 dark:text-zinc-300">
          {t("noFavourites")}
        </p>
      </div>
    );
  }
  const isFavourite = hearted?.has(item.id) ?? false;
  const toggleFavourite = async () => {
    if (!(await favourites.set(item.id, !isFavourite))) toast.error(t("favouriteFailed"));
  };
  // Past the last loaded photo of an incomplete gallery there is nothing to show yet: stay.
  const go = (delta: number) => {
    const next = current + delta;
    if (next >= count && !onlyFavourites && !pages.complete) return;
    setIndex((next + count) % count);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowRight") go(1);
    else if (event.key === "ArrowLeft") go(-1);
    else return;
    event.preventDefault();
  };

  return (
    <div className="flex flex-col gap-3">
      {favouritesToggle}
      {linkForm}
      <div
        role="group"
        aria-roledescription={t("viewer")}
        aria-label={item.alt}
        tabIndex={0}
        onKeyDown={onKeyDown}
        className="relative flex aspect-[4/3] items-center justify-center overflow-hidden rounded-2xl bg-black sm:aspect-video"
      >
        <SteppedImage
          item={item}
          count={count}
          sizes="(min-width: 1024px) 960px, 100vw"
          priority
          onStep={go}
          previousClassName="absolute left-2 rounded-full bg-black/60 p-2 text-white hover:bg-black/80 max-sm:p-2.5"
          nextClassName="absolute right-2 rounded-full bg-black/60 p-2 text-white hover:bg-black/80 max-sm:p-2.5"
          iconClassName="size-6"
        />
        {hearted && (
          <button
            type="button"
            onClick={toggleFavourite}
            aria-pressed={isFavourite}
            aria-label={t("favourite")}
            className="absolute top-2 right-2 rounded-full bg-black/60 p-2 text-white hover:bg-black/80 max-sm:p-3"
          >
            <Heart aria-hidden className={cx("size-5", isFavourite && "fill-rose-500 text-rose-500")} />
          </button>
        )}
        <button
          type="button"
          onClick={() => setFull(true)}
          aria-label={t("fullscreen")}
          className="absolute right-2 bottom-2 rounded-full bg-black/60 p-2 text-white hover:bg-black/80 max-sm:p-3"
        >
          <Maximize2 aria-hidden className="size-5" />
        </button>
        {count > 1 && (
          <p
            aria-live="polite"
            className="absolute bottom-2 left-2 rounded-full bg-black/60 px-3 py-1 text-sm text-white"
          >
            {t("counter", { index: current + 1, total: shownTotal })}
          </p>
        )}
      </div>
      {count > 1 && (
        <ThumbnailStrip
          items={items}
          current={current}
          total={shownTotal}
          label={t("thumbnails")}
          onSelect={setIndex}
          onFocusIndex={(i) => {
            // Tabbing along the strip: the next page comes before the keyboard reaches the end.
            if (!onlyFavourites && i >= all.length - PREFETCH_AHEAD) loadMore();
          }}
          endRef={stripEnd}
          more={!onlyFavourites && !pages.complete}
        />
      )}
      {full && (
        <Lightbox
          items={items}
          index={current}
          onIndexChange={setIndex}
          onClose={() => setFull(false)}
          downloadAll={Boolean(target?.downloadable && target.downloadAll)}
        />
      )}
    </div>
  );
}
