"use client";

import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { engagementClient, type EngagementState } from "@/components/engagement/api";
import type { EngagementTarget } from "@/components/engagement/target";

interface EngagementContextValue {
  target: EngagementTarget;
  /**
   * null until this visitor's state has loaded (the page itself is cached for everyone); other
   * requests wait for it, since it is the one that gives a new visitor the cookie.
   */
  state: EngagementState | null;
  update: (change: (state: EngagementState) => EngagementState) => void;
  /** The media the viewer is showing (photo or video of a gallery), for downloads. */
  currentMediaId: string | null;
  setCurrentMediaId: (id: string | null) => void;
}

const EngagementContext = createContext<EngagementContextValue | null>(null);

const unknownState: EngagementState = { likes: 0, liked: false, comments: 0, leadOnFile: false };

/**
 * Per-visitor engagement of one content. The player page is served from the ISR cache, so
 * nothing about the visitor is in its HTML: the state (likes, liked, comment count, lead on
 * file) is read after mount, and one view is recorded.
 */
export function EngagementProvider({ target, children }: { target: EngagementTarget; children: ReactNode }) {
  const [state, setState] = useState<EngagementState | null>(null);
  const [currentMediaId, setCurrentMediaId] = useState<string | null>(null);

  useEffect(() => {
    let active = true;
    // One request first: a new visitor's cookie comes with its answer, and parallel first
    // requests would each be given a different visitor id.
    void engagementClient.state(target.contentId).then((result) => {
      void engagementClient.view(target.contentId);
      if (!active) return;
      // A failed read leaves the controls usable: the first action's answer corrects the count.
      setState(result.ok ? result.data : unknownState);
    });
    return () => {
      active = false;
    };
  }, [target.contentId]);

  const value = useMemo<EngagementContextValue>(
    () => ({
      target,
      state,
      update: (change) => setState((s) => change(s ?? unknownState)),
      currentMediaId,
      setCurrentMediaId,
    }),
    [target, state, currentMediaId],
  );
  return <EngagementContext.Provider value={value}>{children}</EngagementContext.Provider>;
}

export function useEngagement(): EngagementContextValue {
  const value = useContext(EngagementContext);
  if (!value) throw new Error("useEngagement outside <EngagementProvider>");
  return value;
}

/** For viewers that may render outside a player page: null there. */
export function useOptionalEngagement(): EngagementContextValue | null {
  return useContext(EngagementContext);
}

/** A viewer tells the download button which media it is showing. */
export function useReportCurrentMedia(mediaId: string | undefined): void {
  const setCurrent = useOptionalEngagement()?.setCurrentMediaId;
  useEffect(() => {
    if (!setCurrent || !mediaId) return;
    setCurrent(mediaId);
  }, [setCurrent, mediaId]);
}
