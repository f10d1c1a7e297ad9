"use client";

import { useEffect, useRef, useState, type ReactNode, type Ref } from "react";
import type { LightboxItem } from "@/components/gallery/lightbox";
import { ResponsiveImage } from "@/components/ui/responsive-image";
import { cx } from "@/lib/core/join-classes";

/** One thumbnail's width (`size-16`, 64 px) plus the strip's gap (`gap-2`, 8 px). */
const GAP = 8;
export const THUMB_STEP = 64 + GAP;
/** Thumbnails drawn beyond each edge of the visible part, so a quick swipe shows no blank. */
const OVERSCAN = 8;
/** Before the strip is measured (the server's render, the first paint): a phone's width and more. */
const FIRST_WIDTH = 1024;

export interface StripRange {
  start: number;
  end: number;
}

/**
 * The ranges [start, end) of thumbnails drawn, in order and apart, for a strip scrolled to
 * `scrollLeft` and `width` wide: what is in view with its overscan, and each of `keep` (the
 * photo on screen, the focused thumbnail) with its neighbours, so Tab and Shift+Tab always reach
 * the next thumbnail instead of leaving the strip, wherever the fan has scrolled it.
 */
export function stripRanges(
  count: number,
  scrollLeft: number,
  width: number,
  keep: readonly number[],
): StripRange[] {
  const ranges: StripRange[] = [
    {
      start: Math.max(0, Math.floor(scrollLeft / THUMB_STEP) - OVERSCAN),
      end: Math.min(count, Math.ceil((scrollLeft + width) / THUMB_STEP) + OVERSCAN),
    },
  ];
  for (const index of keep)
    if (index >= 0 && index < count)
      ranges.push({ start: Math.max(0, index - 1), end: Math.min(count, index + 2) });
  ranges.sort((a, b) => a.start - b.start);
  const merged: StripRange[] = [];
  for (const range of ranges) {
    if (range.start >= range.end) continue;
    const last = merged[merged.length - 1];
    if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }
  return merged;
}

/**
 * The player's thumbnail strip, windowed (issue #36): a 5,000-photo gallery draws only the
 * thumbnails around what the fan sees (and the current and focused ones); spacers keep the
 * scroll width of every loaded photo, so the scrollbar and the sentinel at the end (`endRef`,
 * which loads the next page) behave as if all were there.
 */
export function ThumbnailStrip({
  items,
  current,
  total,
  label,
  onSelect,
  onFocusIndex,
  endRef,
  more,
}: {
  items: LightboxItem[];
  current: number;
  /** The number of photos the list stands for (announced as its size). */
  total: number;
  label: string;
  onSelect(index: number): void;
  /** A thumbnail took the keyboard's focus (the viewer loads the next page near the end). */
  onFocusIndex?(index: number): void;
  /** The sentinel after the last thumbnail, drawn when `more` can load. */
  endRef: Ref<HTMLLIElement>;
  more: boolean;
}) {
  const list = useRef<HTMLUListElement | null>(null);
  const [view, setView] = useState({ left: 0, width: FIRST_WIDTH });
  const [focused, setFocused] = useState(-1);
  const count = items.length;

  useEffect(() => {
    const element = list.current;
    if (!element) return;
    let frame = 0;
    const measure = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() =>
        setView({ left: element.scrollLeft, width: element.clientWidth || FIRST_WIDTH }),
      );
    };
    measure();
    element.addEventListener("scroll", measure, { passive: true });
    const resize = "ResizeObserver" in window ? new ResizeObserver(measure) : undefined;
    resize?.observe(element);
    return () => {
      cancelAnimationFrame(frame);
      element.removeEventListener("scroll", measure);
      resize?.disconnect();
    };
  }, []);

  // The photo on screen keeps its thumbnail in view (arrows, swipes, the lightbox).
  useEffect(() => {
    const element = list.current;
    if (!element) return;
    const left = current * THUMB_STEP;
    const { scrollLeft, clientWidth } = element;
    if (left < scrollLeft || left + THUMB_STEP > scrollLeft + clientWidth)
      element.scrollLeft = Math.max(0, left - (clientWidth - THUMB_STEP) / 2);
  }, [current]);

  const ranges = stripRanges(count, view.left, view.width, [current, focused]);
  const spacer = (thumbs: number, key: string): ReactNode =>
    thumbs > 0 && (
      <li key={key} aria-hidden className="shrink-0" style={{ width: thumbs * THUMB_STEP - GAP }} />
    );
  const thumbnail = (thumb: LightboxItem, i: number) => (
    <li key={thumb.id} className="shrink-0" aria-setsize={total} aria-posinset={i + 1}>
      <button
        type="button"
        onClick={() => onSelect(i)}
        onFocus={() => {
          setFocused(i);
          onFocusIndex?.(i);
        }}
        aria-label={thumb.alt}
        aria-current={i === current ? "true" : undefined}
        className={cx(
          "block size-16 overflow-hidden rounded-lg ring-2 ring-offset-2 ring-offset-white dark:ring-offset-ink-900",
          i === current ? "ring-tenant" : "ring-transparent",
        )}
      >
        <ResponsiveImage image={thumb.image} alt="" sizes="64px" className="h-full w-full" />
      </button>
    </li>
  );
  const drawn: ReactNode[] = [];
  let next = 0;
  for (const { start, end } of ranges) {
    drawn.push(spacer(start - next, `gap-${start}`));
    for (let i = start; i < end; i++) drawn.push(thumbnail(items[i]!, i));
    next = end;
  }
  drawn.push(spacer(count - next, "gap-end"));

  return (
    <ul
      ref={list}
      className="flex gap-2 overflow-x-auto pb-1"
      aria-label={label}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(-1);
      }}
    >
      {drawn}
      {more && <li ref={endRef} aria-hidden className="w-px shrink-0" />}
    </ul>
  );
}
