"use client";

import { ExternalLink, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, type KeyboardEvent as ReactKeyboardEvent } from "react";
import { SteppedImage } from "@/components/gallery/stepped-image";
import { DownloadButton } from "@/components/engagement/download-button";
import type { PublicImage } from "@/lib/surfaces/public-site/types";

export interface LightboxItem {
  id: string;
  image: PublicImage;
  alt: string;
  /** The player page of the item's content. */
  href?: string;
}

const SWIPE_PX = 50;

/**
 * A full-screen photo viewer (spec §2): Escape closes, ← / → (and Home / End) move, a
 * horizontal swipe moves on touch screens; focus stays inside while open and returns to
 * the photo that opened it. On a photo gallery's player it offers "Download all" too (the
 * same button, lead gate and ZIP as under the viewer).
 */
export function Lightbox({
  items,
  index,
  onIndexChange,
  onClose,
  downloadAll = false,
}: {
  items: LightboxItem[];
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /** Show "Download all" (inside the player's engagement provider only). */
  downloadAll?: boolean;
}) {
  const t = useTranslations("gallery");
  const dialog = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const item = items[index];
  const count = items.length;

  const go = useCallback(
    (delta: number) => onIndexChange((index + delta + count) % count),
    [index, count, onIndexChange],
  );

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    closeButton.current?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = overflow;
      previous?.focus?.();
    };
  }, []);

  useEffect(() => {
    // Warm the neighbours so moving feels instant.
    for (const delta of [1, -1]) {
      const next = items[(index + delta + count) % count];
      const url = next?.image.webp.find((s) => s.width >= 1280)?.url ?? next?.image.webp.at(-1)?.url;
      if (url) new Image().src = url;
    }
  }, [index, count, items]);

  const onKeyDown = (event: ReactKeyboardEvent) => {
    // Keys typed in the lead form (a portal, so its events bubble here through React) are its own.
    if (!dialog.current?.contains(event.target as Node)) return;
    if (event.key === "Escape") {
      event.preventDefault();
      onClose();
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      go(1);
    } else if (event.key === "ArrowLeft") {
      event.preventDefault();
      go(-1);
    } else if (event.key === "Home") {
      event.preventDefault();
      onIndexChange(0);
    } else if (event.key === "End") {
      event.preventDefault();
      onIndexChange(count - 1);
    } else if (event.key === "Tab") {
      // Keep focus inside the dialog.
      const focusable = dialog.current?.querySelectorAll<HTMLElement>("button, a[href]");
      if (!focusable || focusable.length === 0) return;
      const first = focusable[0]!;
      const last = focusable[focusable.length - 1]!;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    }
  };

  if (!item) return null;
  return (
    <div
      ref={dialog}
      role="dialog"
      aria-modal="true"
      aria-label={t("lightboxLabel")}
      onKeyDown={onKeyDown}
      onTouchStart={(e) => {
        const touch = e.touches[0];
        touchStart.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
      }}
      onTouchEnd={(e) => {
        const start = touchStart.current;
        const touch = e.changedTouches[0];
        touchStart.current = null;
        if (!start || !touch) return;
        const dx = touch.clientX - start.x;
        if (Math.abs(dx) > SWIPE_PX && Math.abs(dx) > Math.abs(touch.clientY - start.y)) go(dx < 0 ? 1 : -1);
      }}
      className="fixed inset-0 z-50 flex flex-col bg-black text-white"
    >
      <div className="flex items-center justify-between gap-2 p-3">
        <p aria-live="polite" className="px-2 text-sm tabular-nums">
          {t("counter", { index: index + 1, total: count })}
        </p>
        <div className="flex items-center gap-1">
          {downloadAll && <DownloadButton all />}
          {item.href && (
            <a
              href={item.href}
              className="inline-flex h-10 items-center gap-2 rounded-full px-3 text-sm hover:bg-white/10"
            >
              <ExternalLink aria-hidden className="size-4" />
              {t("openInPlayer")}
            </a>
          )}
          <button
            ref={closeButton}
            type="button"
            onClick={onClose}
            aria-label={t("close")}
            className="rounded-full p-2 hover:bg-white/10"
          >
            <X aria-hidden className="size-6" />
          </button>
        </div>
      </div>
      <div className="relative flex min-h-0 flex-1 items-center justify-center px-2 pb-4 sm:px-16">
        <SteppedImage
          item={item}
          count={count}
          sizes="100vw"
          onStep={go}
          previousClassName="absolute left-2 rounded-full bg-black/50 p-2 hover:bg-white/20 sm:left-4"
          nextClassName="absolute right-2 rounded-full bg-black/50 p-2 hover:bg-white/20 sm:right-4"
          iconClassName="size-7"
        />
      </div>
    </div>
  );
}
