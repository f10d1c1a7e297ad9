"use client";

import { useCallback, useEffect, useState } from "react";
import { engagementClient } from "@/components/engagement/api";
import { useOptionalEngagement } from "@/components/engagement/engagement-provider";
import { favouritesTokenFromHash } from "@/lib/features/engagement/favourites-fragment";

export interface Favourites {
  /** Hearted media ids, null until loaded (or outside a player page). */
  ids: ReadonlySet<string> | null;
  /** Sets one photo's heart; the change shows at once and is taken back if the server refuses. */
  set(mediaId: string, favourite: boolean): Promise<boolean>;
  /** The page was opened from the e-mailed favourites link, and its favourites are here now. */
  fromLink: boolean;
  /** Why the e-mailed link could not be used (an i18n key), else null. */
  linkError: string | null;
}

interface Loaded {
  mediaIds: string[];
  fromLink: boolean;
  linkError: string | null;
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
async function loadOwn(contentId: string): Promise<string[] | null> {
  if (!hasMark(contentId)) return [];
  const result = await engagementClient.favourites(contentId);
  return result.ok ? result.data.mediaIds : null;
}

/** One claim per page load, whatever re-runs the effect (React's development double run). */
const claims = new Map<string, Promise<Loaded | null>>();

/**
 * Hearts and un-hearts still on their way to the server, per gallery: "Download my favourites"
 * waits for them, so a photo hearted a moment before is in the ZIP (the count on the button is
 * already optimistic).
 */
const writes = new Map<string, Set<Promise<unknown>>>();

export async function favouriteWritesSettled(contentId: string): Promise<void> {
  await Promise.allSettled([...(writes.get(contentId) ?? [])]);
}

/**
 * Opened from the e-mailed link (`#favourites=<token>`): the link's favourites join this
 * browser's, and the token leaves the address bar at once (history, a copied URL).
 */
function claimFromLink(contentId: string, token: string): Promise<Loaded | null> {
  let claim = claims.get(contentId);
  if (!claim) {
    window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
    claim = engagementClient.claimFavourites(contentId, token).then(async (result) => {
      if (result.ok) {
        setMark(contentId);
        return { mediaIds: result.data.mediaIds, fromLink: true, linkError: null };
      }
      const own = await loadOwn(contentId);
      return (
        own && {
          mediaIds: own,
          fromLink: false,
          linkError: result.messageKey ?? "engagement.errors.favouritesLinkInvalid",
        }
      );
    });
    claims.set(contentId, claim);
  }
  return claim;
}

async function loadFavourites(contentId: string): Promise<Loaded | null> {
  const token = favouritesTokenFromHash(window.location.hash);
  if (token !== null || claims.has(contentId)) return claimFromLink(contentId, token ?? "");
  const own = await loadOwn(contentId);
  return own && { mediaIds: own, fromLink: false, linkError: null };
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
  const [link, setLink] = useState<Omit<Loaded, "mediaIds">>({ fromLink: false, linkError: null });

  useEffect(() => {
    if (!contentId || !ready) return;
    let live = true;
    void loadFavourites(contentId).then((loaded) => {
      if (!live) return;
      // Used: a later visit of the gallery in this page's life loads its own favourites.
      claims.delete(contentId);
      if (!loaded) return;
      setIds(new Set(loaded.mediaIds));
      setLink({ fromLink: loaded.fromLink, linkError: loaded.linkError });
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
      const write = engagementClient.favourite(contentId, mediaId, favourite);
      const pending = writes.get(contentId) ?? new Set<Promise<unknown>>();
      writes.set(contentId, pending.add(write));
      const result = await write.finally(() => pending.delete(write));
      if (result.ok && result.data.favourite === favourite) {
        if (favourite) setMark(contentId);
        return true;
      }
      change(!favourite);
      return false;
    },
    [contentId],
  );
  return { ids, set, ...link };
}
