"use client";

import { ChevronLeft, ChevronRight } from "lucide-react";
import { useTranslations } from "next-intl";
import { ResponsiveImage } from "@/components/ui/responsive-image";
import type { LightboxItem } from "@/components/gallery/lightbox";

/**
 * One photo shown whole, with previous / next buttons when there is more than one: the
 * lightbox and the player's photo viewer draw it the same way and differ only in the
 * image `sizes` and the buttons' look, which the caller passes in.
 */
export function SteppedImage({
  item,
  count,
  sizes,
  onStep,
  previousClassName,
  nextClassName,
  iconClassName,
  priority = false,
}: {
  item: LightboxItem;
  count: number;
  sizes: string;
  onStep: (delta: number) => void;
  previousClassName: string;
  nextClassName: string;
  iconClassName: string;
  /** The page's main image (the player's photo viewer): fetched before anything else. */
  priority?: boolean;
}) {
  const t = useTranslations("gallery");
  return (
    <>
      <ResponsiveImage
        key={item.id}
        image={item.image}
        alt={item.alt}
        sizes={sizes}
        lazy={false}
        priority={priority}
        fit="contain"
        className="h-full w-full bg-transparent! bg-none!"
      />
      {count > 1 && (
        <>
          <button
            type="button"
            onClick={() => onStep(-1)}
            aria-label={t("previous")}
            className={previousClassName}
          >
            <ChevronLeft aria-hidden className={iconClassName} />
          </button>
          <button type="button" onClick={() => onStep(1)} aria-label={t("next")} className={nextClassName}>
            <ChevronRight aria-hidden className={iconClassName} />
          </button>
        </>
      )}
    </>
  );
}
