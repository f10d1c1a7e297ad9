"use client";

import { useCallback, useEffect, useState } from "react";
import { engagementClient } from "@/components/engagement/api";
import { useOptionalEngagement } from "@/components/engagement/engagement-provider";

export interface Favourites {
  /** Hearted media ids, null until loaded (or outside a player page). */
  ids: ReadonlySet<string> | null;
  /** Sets one photo's heart; the change shows at once and is taken back if the server refuses. */
  set(mediaId: string, favourite: boolean): Promise<boolean>;
}

/** Set in this browser once it hearts a photo of the gallery. */
const markOf = (contentId: string) => `ag_fav:${contentId}`;

function hasMark(contentId: string): boolean {
  try {
    return window.localStorage.getItem(markOf(contentId)) === "1";
  } catch {
    return false;
  }
}

function setMark(contentId: string): void {
  try {
    window.localStorage.setItem(markOf(contentId), "1");
  } catch {
    // Storage refused (private mode): the hearts are still saved; a later visit just asks.
  }
}

/**
 * A browser that never hearted a photo of this gallery has none to ask for: no request on a
 * fan's first visit (issue #35 counts every request of it; the bench caught this one at 71/s
 * through Next.js's router, minting a visitor id). Null: the server could not be asked.
 */
async function loadFavourites(contentId: string): Promise<string[] | null> {
  if (!hasMark(contentId)) return [];
  const result = await engagementClient.favourites(contentId);
  return result.ok ? result.data.mediaIds : null;
}

/**
 * The visitor's favourite photos of the gallery on screen (issue #36), read once the player's
 * engagement state has given the browser its visitor cookie (a first request without one would
 * be a new visitor with nothing hearted).
 */
export function useFavourites(): Favourites {
  const engagement = useOptionalEngagement();
  const contentId = engagement?.target.contentId;
  const ready = engagement?.state !== null && engagement?.state !== undefined;
  const [ids, setIds] = useState<ReadonlySet<string> | null>(null);

  useEffect(() => {
    if (!contentId || !ready) return;
    let live = true;
    void loadFavourites(contentId).then((mediaIds) => {
      if (live && mediaIds) setIds(new Set(mediaIds));
    });
    return () => {
      live = false;
    };
  }, [contentId, ready]);

  const set = useCallback(
    async (mediaId: string, favourite: boolean) => {
      if (!contentId) return false;
      const change = (on: boolean) =>
        setIds((current) => {
          const next = new Set(current ?? []);
          if (on) next.add(mediaId);
          else next.delete(mediaId);
          return next;
        });
      change(favourite);
      const result = await engagementClient.favourite(contentId, mediaId, favourite);
      if (result.ok && result.data.favourite === favourite) {
        if (favourite) setMark(contentId);
        return true;
      }
      change(!favourite);
      return false;
    },
    [contentId],
  );
  return { ids, set };
}
