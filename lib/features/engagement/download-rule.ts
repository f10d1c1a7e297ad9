import { AppError } from "@/lib/core/errors";
import type { DownloadRule } from "@/lib/generated/prisma/enums";
import { fanDownloadKey, type DownloadableMedia } from "@/lib/platform/media/download-copy";
import { ensureWebCopy } from "@/lib/platform/media/web-copy";
import { fanMarkedCopy } from "@/lib/platform/media/watermark/apply";

/**
 * The organiser's download rule of a content (issue #36, `Content.downloadRule`) applied to one
 * fan's file, for single downloads and "Download all" alike:
 * - `original`: the file as uploaded — a photo without personal metadata unless the content keeps
 *   it (download-copy.ts), an MP4/MOV streamed with its metadata boxes blanked (video-download.ts);
 * - `web`: a photo's web-size JPEG (web-copy.ts, never with metadata); a video's playback
 *   rendition (the caller's); other files as under `original`;
 * - `none`: nothing (`downloadsOff`), checked before the lead gate: a fan is never asked for their
 *   details for a download that cannot happen.
 */
export interface DownloadRuleOf {
  downloadRule: DownloadRule;
  webDownloadEdge: number;
  keepPhotoMetadata: boolean;
  /**
   * A watermarked gallery (issue #36): whatever the rule, a photo leaves only as its marked
   * web-size JPEG (lib/platform/media/watermark/apply.ts), never an unmarked pixel.
   */
  watermarkPhotos?: boolean;
}

export const downloadsOff = () => new AppError("forbidden", "engagement.errors.downloadsOff");

export function assertDownloadsOn(content: { downloadRule: DownloadRule }): void {
  if (content.downloadRule === "none") throw downloadsOff();
}

export interface FanPhoto extends DownloadableMedia {
  webKey?: string | null;
  webEdge?: number | null;
}

/** The stored object a fan's download of a photo reads, and its type, under the rule. */
export async function fanPhotoObject(
  photo: FanPhoto,
  rule: DownloadRuleOf,
): Promise<{ key: string; mimeType: string | null }> {
  assertDownloadsOn(rule);
  if (rule.watermarkPhotos && photo.kind === "photo") {
    return { key: await fanMarkedCopy(photo.id, rule.webDownloadEdge), mimeType: "image/jpeg" };
  }
  if (rule.downloadRule === "web" && photo.kind === "photo") {
    const key =
      photo.webKey && photo.webEdge === rule.webDownloadEdge
        ? photo.webKey
        : await ensureWebCopy(photo.id, rule.webDownloadEdge);
    return { key, mimeType: "image/jpeg" };
  }
  return { key: await fanDownloadKey(photo, rule.keepPhotoMetadata), mimeType: null };
}

/** Fans get a video's playback rendition instead of its original under the web rule. */
export const videoAsRendition = (rule: DownloadRuleOf, media: { kind: string }) =>
  rule.downloadRule === "web" && media.kind === "video";

/** The type of a fan's photo file under the rule: a JPEG when it is a web-size or marked copy. */
export const photoIsJpegCopy = (rule: DownloadRuleOf) =>
  rule.downloadRule === "web" || rule.watermarkPhotos === true;
