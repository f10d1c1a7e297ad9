"use client";

import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { LightboxItem } from "@/components/gallery/lightbox";
import { ResponsiveImage } from "@/components/ui/responsive-image";

// The full-screen viewer loads when a fan first opens a photo, not with the page.
const Lightbox = dynamic(() => import("@/components/gallery/lightbox").then((m) => m.Lightbox), {
  ssr: false,
});

/**
 * The first photos are left to the browser's lazy loading (above the fold on a laptop, so they
 * load at once there; below the event's banner on a phone, so they wait and leave the bandwidth
 * to it); the rest load when they come near the viewport.
 */
const EAGER = 6;

/** An event's photo grid; a photo opens the lightbox at that photo. */
export function GalleryGrid({ items }: { items: LightboxItem[] }) {
  const t = useTranslations("gallery");
  const [open, setOpen] = useState<number | null>(null);
  return (
    <>
      <ul className="grid grid-cols-2 gap-1.5 sm:grid-cols-3 sm:gap-2 lg:grid-cols-4">
        {items.map((item, i) => (
          <li key={item.id}>
            <button
              type="button"
              onClick={() => setOpen(i)}
              aria-label={t("openPhoto", { alt: item.alt })}
              className="block aspect-square w-full overflow-hidden rounded-lg focus-visible:outline-offset-2"
            >
              <ResponsiveImage
                image={item.image}
                alt=""
                sizes="(min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw"
                lazy={i >= EAGER || "browser"}
                className="h-full w-full transition-transform duration-300 hover:scale-105"
              />
            </button>
          </li>
        ))}
      </ul>
      {open !== null && (
        <Lightbox items={items} index={open} onIndexChange={setOpen} onClose={() => setOpen(null)} />
      )}
    </>
  );
}
