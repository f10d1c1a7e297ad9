/**
 * Places on the player page for fan engagement. The engagement issue (#6) fills them: a like
 * button with its count, a share menu (recording the channel), the download button (with the
 * lead-capture dialog when `requiresLead`) and the comments list with its form. Until then
 * they render nothing, so the cached player page carries no dead controls.
 */
export interface EngagementTarget {
  contentId: string;
  companyId: string;
  title: string;
  /** Canonical URL of the player page, for sharing. */
  url: string;
  requiresLead: boolean;
  /** Whether the content has a file to download (every ready media does). */
  downloadable: boolean;
}

export function LikeSlot(_props: { target: EngagementTarget }) {
  return null;
}

export function ShareSlot(_props: { target: EngagementTarget }) {
  return null;
}

export function DownloadSlot(_props: { target: EngagementTarget }) {
  return null;
}

export function CommentsSlot(_props: { target: EngagementTarget }) {
  return null;
}

/** The row under the media: like, share, download (in this order on every screen size). */
export function EngagementBar({ target }: { target: EngagementTarget }) {
  return (
    <div data-engagement-bar className="flex flex-wrap items-center gap-2 empty:hidden">
      <LikeSlot target={target} />
      <ShareSlot target={target} />
      <DownloadSlot target={target} />
    </div>
  );
}
