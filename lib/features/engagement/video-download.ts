import { cleanedFileResponse, streamsWithoutMetadata } from "@/lib/features/engagement/cleaned-file";
import { fanMediaWhere } from "@/lib/platform/site/visibility";
import { signedDownloadUrl, safeDownloadName } from "@/lib/features/content/manage-media";
import { attachmentHeader } from "@/lib/features/engagement/download-all";
import { downloadsOff } from "@/lib/features/engagement/download-rule";
import { getPublicContentOrThrow, notFound } from "@/lib/features/engagement/get-public-content-or-throw";
import {
  reserveVideoSlot,
  VIDEO_BUSY_RETRY_SECONDS,
  VIDEO_SLOT_LIMITS,
} from "@/lib/features/engagement/video-slots";
import type { ZipSlotLimits } from "@/lib/features/engagement/zip-slots";
import { db } from "@/lib/core/db";
import { rateLimited } from "@/lib/core/rate-limit/limiter";
import { AppError } from "@/lib/core/errors";
import { sign, verify } from "@/lib/core/signing";
import { isRecordIdShape } from "@/lib/core/validation/common";
import { parseStoredVariants } from "@/lib/platform/media/variants";

/**
 * A fan's download of an MP4/MOV (issue #34, row 2): the original's bytes with its location and
 * other metadata boxes blanked on the way (lib/platform/media/mp4-metadata.ts says how, and why
 * not a stored copy), unless the content keeps metadata (`Content.keepPhotoMetadata`, which
 * covers videos too). The organiser's admin download stays the untouched original.
 *
 * The POST of a download (request-download.ts) passes the lead gate and answers with this
 * route's URL and a ticket bound to the media and the visitor, valid `VIDEO_TICKET_TTL_SECONDS`
 * (a store's signed URL cannot be used: the store would serve the stored bytes). The GET
 * answers the whole file or one byte range through cleaned-file.ts (the plan cached per stored
 * object, slow or idle readers cut), in a slot per process, company and address (video-slots.ts). A file whose boxes cannot be accounted for is never handed out as
 * is: the fan gets its largest playback rendition (made without metadata), or "not found".
 */
export const VIDEO_TICKET_TTL_SECONDS = 10 * 60;

export { streamsWithoutMetadata };

const MAC_BYTES = 16;
const ticketData = (contentId: string, mediaId: string, visitorId: string, expires: number) =>
  `${contentId}|${mediaId}|${visitorId}|${expires}`;

/** `{mediaId}.{expires}.{mac}`, for this content, media and visitor. */
export function issueVideoTicket(contentId: string, mediaId: string, visitorId: string, nowMs = Date.now()) {
  const expires = Math.floor(nowMs / 1000) + VIDEO_TICKET_TTL_SECONDS;
  const mac = sign("video-download", ticketData(contentId, mediaId, visitorId, expires), MAC_BYTES);
  return `${mediaId}.${expires}.${mac.toString("base64url")}`;
}

/** The media id of a ticket granted for this content and visitor that has not expired. */
export function readVideoTicket(
  value: string | null | undefined,
  contentId: string,
  visitorId: string,
  nowMs = Date.now(),
): string | null {
  const match = /^([\w-]{1,128})\.(\d{1,12})\.([\w-]{22})$/.exec(value ?? "");
  if (!match) return null;
  const [, mediaId, expiresText, mac] = match as unknown as [string, string, string, string];
  const expires = Number(expiresText);
  if (!isRecordIdShape(mediaId) || expires * 1000 <= nowMs) return null;
  const data = ticketData(contentId, mediaId, visitorId, expires);
  return verify("video-download", data, Buffer.from(mac, "base64url"), MAC_BYTES) ? mediaId : null;
}

/** Where the fan's browser fetches the file (same origin). */
export const videoDownloadUrl = (contentId: string, mediaId: string, visitorId: string) =>
  `/api/content/${contentId}/downloads?t=${issueVideoTicket(contentId, mediaId, visitorId)}`;

const expired = () => new AppError("forbidden", "engagement.errors.downloadExpired");

/** The GET: the ticket's media, from the store, patched; a range when asked. */
export async function openVideoDownload(
  contentId: string,
  visitorId: string,
  ticket: string | null,
  headers: Headers,
  /** The client's address as a limit key (lib/core/rate-limit/client-ip.ts `ipKeyPart`), or "unknown". */
  clientKey = "unknown",
  slots: ZipSlotLimits = VIDEO_SLOT_LIMITS,
): Promise<Response> {
  const content = await getPublicContentOrThrow(contentId);
  const mediaId = readVideoTicket(ticket, content.id, visitorId);
  if (!mediaId) throw expired();
  const media = await db.mediaFile.findFirst({
    where: { id: mediaId, contentId: content.id, companyId: content.companyId, ...fanMediaWhere },
    select: {
      id: true,
      storageKey: true,
      originalName: true,
      mimeType: true,
      variants: true,
      content: { select: { downloadRule: true } },
    },
  });
  if (!media) throw notFound();
  // A ticket granted before the organiser turned downloads off or to web size (rendition) is void.
  if (media.content && media.content.downloadRule !== "original") throw downloadsOff();
  const slot = reserveVideoSlot({ companyId: content.companyId, clientKey }, slots);
  if (!slot.ok) {
    throw rateLimited(
      VIDEO_BUSY_RETRY_SECONDS,
      slot.reason === "client" ? "engagement.errors.downloadAllTooMany" : "engagement.errors.downloadAllBusy",
    );
  }
  const cleaned = await cleanedFileResponse({
    release: slot.release,
    key: media.storageKey,
    mimeType: media.mimeType,
    headers,
    extra: {
      "Content-Disposition": attachmentHeader(safeDownloadName(media.originalName, media.mimeType)),
    },
  });
  if (cleaned.ok) return cleaned.response;
  if (cleaned.reason === "missing") throw notFound();
  console.warn("[afterglow] video download without metadata refused", {
    mediaId: media.id,
    reason: cleaned.reason,
  });
  return new Response(null, { status: 302, headers: { Location: await playbackRenditionUrl(media) } });
}

/**
 * A signed download URL of a video's largest playback rendition (transcoded without metadata),
 * or not found: what a fan gets of a video under the web-size rule, or of one whose boxes cannot
 * be accounted for.
 */
export async function playbackRenditionUrl(media: {
  originalName: string;
  variants: unknown;
}): Promise<string> {
  const largest = (parseStoredVariants(media.variants) ?? [])
    .filter((v) => v.format === "mp4")
    .sort((a, b) => (b.height ?? 0) - (a.height ?? 0))[0];
  if (!largest) throw notFound();
  return signedDownloadUrl(largest.key, { originalName: media.originalName, mimeType: "video/mp4" });
}
