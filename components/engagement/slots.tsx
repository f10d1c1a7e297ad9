import { DeferredComments } from "@/components/engagement/deferred-comments";
import { DownloadButton } from "@/components/engagement/download-button";
import { LikeButton } from "@/components/engagement/like-button";
import { ShareButton } from "@/components/engagement/share-button";
import type { EngagementTarget } from "@/components/engagement/target";

/**
 * Places on the player page for fan engagement (issue #6): like with its count, share (with
 * the channel recorded), download (with the lead-capture dialog when `requiresLead`) and the
 * comments. They read the visitor's state from `<EngagementProvider>`, which must wrap them.
 */
export type { EngagementTarget };
export { EngagementProvider } from "@/components/engagement/engagement-provider";

export function LikeSlot() {
  return <LikeButton />;
}

export function ShareSlot() {
  return <ShareButton />;
}

export function DownloadSlot({ target }: { target: EngagementTarget }) {
  if (!target.downloadable) return null;
  return (
    <>
      <DownloadButton />
      {target.downloadAll && <DownloadButton all />}
    </>
  );
}

export function CommentsSlot() {
  return <DeferredComments />;
}

/** The row under the media: like, share, download (in this order on every screen size). */
export function EngagementBar({ target }: { target: EngagementTarget }) {
  return (
    <div data-engagement-bar className="flex flex-wrap items-center gap-2">
      <LikeSlot />
      <ShareSlot />
      <DownloadSlot target={target} />
    </div>
  );
}
