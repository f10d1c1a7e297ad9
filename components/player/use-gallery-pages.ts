"use client";

import { useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState } from "react";
import type { LightboxItem } from "@/components/gallery/lightbox";
import { engagementClient } from "@/components/engagement/api";
import { useOptionalEngagement } from "@/components/engagement/engagement-provider";

export interface GalleryPages {
  /** The gallery's photos loaded so far, in gallery order. */
  items: LightboxItem[];
  /** Photos fetched by id ("My favourites" beyond the pages loaded), by id. */
  extras: ReadonlyMap<string, LightboxItem>;
  /** Every photo fans may see in the gallery. */
  total: number;
  complete: boolean;
  /** Loads the next page (once at a time; nothing when complete). */
  loadMore(): void;
  /** Loads the photos named that are not loaded yet (favourites of a large gallery). */
  loadIds(ids: readonly string[]): void;
}

/**
 * A large gallery a page at a time (issue #36): the player's page carries its first photos and
 * the count, the rest come from `/api/content/{id}/photos` as the fan moves through it, so a
 * phone never receives 5,000 photos' sources at once. A gallery of one page asks for nothing.
 */
export function useGalleryPages(first: LightboxItem[], total: number, title: string): GalleryPages {
  const t = useTranslations("gallery");
  const contentId = useOptionalEngagement()?.target.contentId;
  const [items, setItems] = useState(first);
  const [extras, setExtras] = useState<ReadonlyMap<string, LightboxItem>>(new Map());
  const busy = useRef(false);
  const complete = items.length >= total;

  const loadMore = useCallback(() => {
    if (!contentId || busy.current || complete) return;
    busy.current = true;
    void engagementClient.photos(contentId, { offset: items.length }).then((result) => {
      busy.current = false;
      if (!result.ok) return;
      setItems((current) => {
        const known = new Set(current.map((item) => item.id));
        const added = result.data.items
          .filter((item) => !known.has(item.id))
          .map((item, i) => ({
            ...item,
            alt: t("photoAlt", { title, index: current.length + i + 1, total: result.data.total }),
          }));
        return [...current, ...added];
      });
    });
  }, [contentId, complete, items.length, t, title]);

  // Ids already asked for by id, answered or not: a photo the API no longer gives (hidden or
  // unpublished since the favourites were read) is never asked for again.
  const asked = useRef(new Set<string>());
  const loadIds = useCallback(
    (ids: readonly string[]) => {
      const loaded = new Set(items.map((item) => item.id));
      const missing = ids.filter((id) => !loaded.has(id) && !asked.current.has(id));
      if (!contentId || missing.length === 0) return;
      for (const id of missing) asked.current.add(id);
      void engagementClient.photos(contentId, { ids: missing }).then((result) => {
        if (!result.ok || result.data.items.length === 0) return;
        setExtras((current) => {
          const next = new Map(current);
          for (const item of result.data.items)
            next.set(item.id, { ...item, alt: t("favouriteAlt", { title }) });
          return next;
        });
      });
    },
    [contentId, items, t, title],
  );

  // A new gallery (client navigation between players) starts again from its own first page.
  const [firstId, setFirstId] = useState(first[0]?.id);
  if (first[0]?.id !== firstId) {
    setFirstId(first[0]?.id);
    setItems(first);
    setExtras(new Map());
  }

  return { items, extras, total, complete, loadMore, loadIds };
}

/** Calls `onVisible` whenever the element scrolls into view (the end of a thumbnail strip). */
export function useWhenVisible(onVisible: () => void, enabled: boolean) {
  const ref = useRef<HTMLLIElement | null>(null);
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element || !("IntersectionObserver" in window)) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) onVisible();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [onVisible, enabled]);
  return ref;
}
