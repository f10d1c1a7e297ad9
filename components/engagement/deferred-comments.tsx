"use client";

import dynamic from "next/dynamic";

/**
 * The comments load after the page has hydrated, not with its first scripts (issue #16: the
 * form, its fields and the rating input were a third of the player's own JavaScript). They sit
 * below the media and are read from the API after mount in any case, so the server has nothing
 * to render for them; the reserved height keeps the page from jumping when they arrive.
 */
export const DeferredComments = dynamic(
  () => import("@/components/engagement/comments").then((m) => m.Comments),
  {
    ssr: false,
    loading: () => <div aria-hidden className="min-h-96 border-t border-zinc-200 dark:border-zinc-800" />,
  },
);
