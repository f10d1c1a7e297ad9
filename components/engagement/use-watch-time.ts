"use client";

import { useCallback, useEffect, useState, type SyntheticEvent } from "react";
import { engagementClient } from "@/components/engagement/api";
import { useOptionalEngagement } from "@/components/engagement/engagement-provider";
import { WatchTimeCounter } from "@/components/engagement/watch-time";

type MediaEvent = SyntheticEvent<HTMLMediaElement>;

/**
 * Media-element handlers that report watched time (`POST /watch-time`) every 10 s of actual
 * playback, and the remainder when playback pauses or ends or the page is hidden or left.
 * Outside a player page (no engagement context) they only count.
 */
export function useWatchTime() {
  const contentId = useOptionalEngagement()?.target.contentId;
  // One counter for the player's whole life, created once (a ref may not be read while rendering).
  const [counter] = useState(() => new WatchTimeCounter());

  const send = useCallback(
    (seconds: number) => {
      if (contentId && seconds > 0) void engagementClient.watchTime(contentId, seconds);
    },
    [contentId],
  );
  const flush = useCallback(() => send(counter.flush()), [counter, send]);

  useEffect(() => {
    const onPageHide = () => {
      counter.stop();
      flush();
    };
    const onVisibility = () => {
      if (document.visibilityState === "hidden") flush();
    };
    window.addEventListener("pagehide", onPageHide);
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      window.removeEventListener("pagehide", onPageHide);
      document.removeEventListener("visibilitychange", onVisibility);
      onPageHide();
    };
  }, [counter, flush]);

  const stop = useCallback(() => counter.stop(), [counter]);
  const stopAndFlush = useCallback(() => {
    counter.stop();
    flush();
  }, [counter, flush]);

  return {
    onTimeUpdate: (event: MediaEvent) => {
      const el = event.currentTarget;
      if (el.paused || el.seeking) stop();
      else send(counter.tick(el.currentTime));
    },
    onSeeking: stop,
    onWaiting: stop,
    onPause: stopAndFlush,
    onEnded: stopAndFlush,
  };
}
