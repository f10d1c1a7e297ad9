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
    void engagementClient.favourites(contentId).then((result) => {
      if (live && result.ok) setIds(new Set(result.data.mediaIds));
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
      if (result.ok && result.data.favourite === favourite) return true;
      change(!favourite);
      return false;
    },
    [contentId],
  );
  return { ids, set };
}
