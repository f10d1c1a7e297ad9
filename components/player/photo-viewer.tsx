"use client";

import dynamic from "next/dynamic";
import { Maximize2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState, type KeyboardEvent } from "react";
import type { LightboxItem } from "@/components/gallery/lightbox";
import { SteppedImage } from "@/components/gallery/stepped-image";
import { useOptionalEngagement, useReportCurrentMedia } from "@/components/engagement/engagement-provider";
import { ResponsiveImage } from "@/components/ui/responsive-image";
import { cx } from "@/lib/core/join-classes";

// The full-screen viewer loads when a fan first opens a photo, not with the page.
const Lightbox = dynamic(() => import("@/components/gallery/lightbox").then((m) => m.Lightbox), {
  ssr: false,
});

/** The player's photo viewer: one large photo, ← / → to move, thumbnails, full screen. */
export function PhotoViewer({ items }: { items: LightboxItem[] }) {
  const t = useTranslations("gallery");
  const [index, setIndex] = useState(0);
  const [full, setFull] = useState(false);
  const count = items.length;
  const item = items[index];
  // The download button saves the photo on screen.
  useReportCurrentMedia(item?.id);
  const target = useOptionalEngagement()?.target;
  if (!item) return null;
  const go = (delta: number) => setIndex((i) => (i + delta + count) % count);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowRight") go(1);
    else if (event.key === "ArrowLeft") go(-1);
    else return;
    event.preventDefault();
  };

  return (
    <div className="flex flex-col gap-3">
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
            {t("counter", { index: index + 1, total: count })}
          </p>
        )}
      </div>
      {count > 1 && (
        <ul className="flex gap-2 overflow-x-auto pb-1" aria-label={t("thumbnails")}>
          {items.map((thumb, i) => (
            <li key={thumb.id} className="shrink-0">
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-label={thumb.alt}
                aria-current={i === index ? "true" : undefined}
                className={cx(
                  "block size-16 overflow-hidden rounded-lg ring-2 ring-offset-2 ring-offset-white dark:ring-offset-ink-900",
                  i === index ? "ring-tenant" : "ring-transparent",
                )}
              >
                <ResponsiveImage image={thumb.image} alt="" sizes="64px" className="h-full w-full" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {full && (
        <Lightbox
          items={items}
          index={index}
          onIndexChange={setIndex}
          onClose={() => setFull(false)}
          downloadAll={Boolean(target?.downloadable && target.downloadAll)}
        />
      )}
    </div>
  );
}
