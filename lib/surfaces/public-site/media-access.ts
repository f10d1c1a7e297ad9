import "server-only";
import { cleanedFileResponse } from "@/lib/features/engagement/cleaned-file";
import { reserveVideoSlot, VIDEO_BUSY_RETRY_SECONDS } from "@/lib/features/engagement/video-slots";
import { clientIp, ipKeyPart } from "@/lib/core/rate-limit/client-ip";
import { clientIpOptions, ipHashSecret } from "@/lib/core/rate-limit/server";
import { isBannerRendition, isMediaVariant } from "@/lib/platform/media/urls";
import {
  resolveBanner,
  resolveLogo,
  resolveMediaObject,
} from "@/lib/surfaces/public-site/resolve-media-object";
import { publicStorage, storage } from "@/lib/core/storage";
import { isRecordIdShape } from "@/lib/core/validation/common";

/**
 * Public media answer with a redirect to a short-lived signed URL of the private bucket, except
 * the still images the media worker made (a photo's `w640.webp`…, a video's poster, an event's
 * banner): those are answered with their bytes, from the page's own origin. A fan's largest
 * image (the event banner, the photo, the video's poster) then loads without a redirect and a
 * second connection, to the store, before it (issue #16: the Largest Contentful Paint). They are
 * small, and formats our own encoder wrote; so is a logo's WebP rendition, in the header of every
 * tenant page. Originals, videos and audio (large, ranged) stay redirects, and so does a logo
 * the platform stored as it was (no media row, no verified type).
 * Signatures are made with a signing time rounded down to a window, so every request in a
 * window gets the same URL and browsers (or a CDN) reuse the bytes they have.
 * Lifetimes are short on purpose (issue #12, hole 13): once content is unpublished or gated,
 * this route answers 404 at once, a cached redirect lives at most REDIRECT_MAX_AGE, and a signed
 * URL already handed out stops working at most SIGNATURE_SECONDS after its window began.
 * Invariant (tested): a redirect never outlives the signature it points at.
 */
export const SIGNATURE_SECONDS = 600;
export const WINDOW_SECONDS = 300;
/**
 * Life of a cached answer (a redirect, or an image's bytes): far less than the
 * SIGNATURE_SECONDS - WINDOW_SECONDS always left. A shared cache may keep an image's bytes this
 * long after its content is unpublished: no longer than a cached redirect's target works.
 */
export const REDIRECT_MAX_AGE = 60;

/**
 * `contentType` is signed into the URL (`response-content-type`), so the store answers with the
 * type the server verified, whatever the object was stored with.
 */
export async function signedObjectUrl(key: string, contentType?: string, now = Date.now()): Promise<string> {
  const signingDate = new Date(Math.floor(now / (WINDOW_SECONDS * 1000)) * WINDOW_SECONDS * 1000);
  // Browsers follow this URL: the store as they reach it (S3_PUBLIC_ENDPOINT when set).
  return publicStorage.signedGetUrl(key, {
    expiresIn: SIGNATURE_SECONDS,
    signingDate,
    contentType,
    // The bytes: never in a shared cache, and in a browser no longer than the signature's least life.
    cacheControl: `private, max-age=${SIGNATURE_SECONDS - WINDOW_SECONDS}`,
  });
}

/** `inline`: answered with the bytes (a still image the media worker made), not a redirect. */
/** `withoutMetadata`: answered with the bytes, metadata boxes blanked (cleaned-file.ts). */
export type MediaLookup =
  | {
      status: 200;
      key: string;
      contentType?: string;
      inline?: boolean;
      /** The media's company (its share of the video slots). */
      withoutMetadata?: { companyId: string };
    }
  | { status: 403 | 404 };

/** A photo's resized image or a video's poster: both written by the media worker. */
const STILL_IMAGE_VARIANT = /^(?:poster|w\d{1,5}\.(?:webp|avif|jpeg))$/;

export async function lookupMedia(mediaId: string, variant: string): Promise<MediaLookup> {
  if (!isMediaVariant(variant) || !isRecordIdShape(mediaId)) return { status: 404 };
  const found = await resolveMediaObject(mediaId, variant);
  if (found.state === "ok")
    return {
      status: 200,
      key: found.key,
      contentType: found.contentType,
      inline: STILL_IMAGE_VARIANT.test(variant),
      ...(found.withoutMetadata ? { withoutMetadata: { companyId: found.companyId ?? "" } } : {}),
    };
  return { status: found.state === "gated" ? 403 : 404 };
}

export async function lookupLogo(companyId: string): Promise<MediaLookup> {
  const logo = isRecordIdShape(companyId) ? await resolveLogo(companyId) : null;
  if (!logo) return { status: 404 };
  // A rendition the media worker wrote: its bytes, like a banner's. A logo the platform stored
  // itself (no media row, no verified type) stays a redirect to the store.
  return logo.contentType
    ? { status: 200, key: logo.key, contentType: logo.contentType, inline: true }
    : { status: 200, key: logo.key };
}

/** `rendition`: a file name from the banner's srcset (`w640.avif`); none, its largest WebP. */
export async function lookupBanner(eventId: string, rendition?: string): Promise<MediaLookup> {
  if (rendition !== undefined && !isBannerRendition(rendition)) return { status: 404 };
  const banner = isRecordIdShape(eventId) ? await resolveBanner(eventId, rendition) : null;
  // Always one of the banner's renditions (resolveBanner), never the uploaded file.
  return banner ? { status: 200, ...banner, inline: true } : { status: 404 };
}

const notFound = (status: 403 | 404) =>
  Response.json(
    { error: status === 403 ? "forbidden" : "not_found" },
    { status, headers: { "Cache-Control": "public, max-age=60", "X-Content-Type-Options": "nosniff" } },
  );

/** `If-None-Match` names this ETag (or `*`): the browser's copy is current. */
function matchesEtag(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const strip = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || strip(tag) === strip(etag));
}

/** Larger than this (no rendition the worker makes is), an image is a redirect like the rest. */
export const MAX_INLINE_IMAGE_BYTES = 4 * 1024 * 1024;
/** The types the media worker writes its still images in (lib/platform/media/variants.ts). */
const STILL_IMAGE_TYPES = new Set(["image/webp", "image/avif", "image/jpeg"]);

/**
 * A still image's bytes, read whole from the store (the store's connection is never held by a
 * slow reader); a HEAD or a conditional request asks the store for the ETag only, and a
 * current copy gets 304. Null: too large to answer inline.
 */
async function imageResponse(key: string, contentType: string, request?: Request): Promise<Response | null> {
  const headers = new Headers({
    "Content-Type": contentType,
    "Cache-Control": `public, max-age=${REDIRECT_MAX_AGE}`,
    "X-Content-Type-Options": "nosniff",
  });
  const ifNoneMatch = request?.headers.get("if-none-match") ?? null;
  if (request?.method === "HEAD" || ifNoneMatch) {
    const stat = await storage.stat(key);
    if (!stat) return notFound(404);
    if (stat.size !== null && stat.size > MAX_INLINE_IMAGE_BYTES) return null;
    if (stat.etag) headers.set("ETag", stat.etag);
    if (stat.etag && matchesEtag(ifNoneMatch, stat.etag)) return new Response(null, { status: 304, headers });
    if (request?.method === "HEAD") {
      if (stat.size !== null) headers.set("Content-Length", String(stat.size));
      return new Response(null, { status: 200, headers });
    }
  }
  const object = await storage.readSmall(key, MAX_INLINE_IMAGE_BYTES);
  if (object === null) return notFound(404);
  if (object === "too-large") return null;
  if (object.etag) headers.set("ETag", object.etag);
  headers.set("Content-Length", String(object.bytes.byteLength));
  // The SDK types its bytes over ArrayBufferLike; they are a plain ArrayBuffer's.
  return new Response(object.bytes as Uint8Array<ArrayBuffer>, { status: 200, headers });
}

/**
 * An MP4/MOV/M4A original with its metadata boxes blanked, from this origin (whole or a range:
 * players seek), never a redirect to the stored file (issue #34 review, H1: it kept the
 * organiser's location). A file whose boxes cannot be accounted for is not served at all: players
 * get the playback renditions (media-mappers.ts), made without metadata.
 */
async function withoutMetadataResponse(
  key: string,
  companyId: string,
  contentType = "video/mp4",
  request?: Request,
) {
  // A slot per process, company and address, as for fans' downloads (video-slots.ts).
  const ip = request ? clientIp(request.headers, clientIpOptions) : null;
  const clientKey = ip ? ipKeyPart(ip, ipHashSecret) : "unknown";
  const slot = reserveVideoSlot({ companyId, clientKey });
  if (!slot.ok) {
    return Response.json(
      { error: "rate_limited" },
      {
        status: 429,
        headers: { "Retry-After": String(VIDEO_BUSY_RETRY_SECONDS), "X-Content-Type-Options": "nosniff" },
      },
    );
  }
  const cleaned = await cleanedFileResponse({
    key,
    mimeType: contentType,
    headers: request?.headers ?? new Headers(),
    extra: { "Cache-Control": `public, max-age=${REDIRECT_MAX_AGE}` },
    release: slot.release,
  });
  if (cleaned.ok) return cleaned.response;
  if (cleaned.reason !== "missing") {
    console.warn("[afterglow] public original without metadata refused", { key, reason: cleaned.reason });
  }
  return notFound(404);
}

/** The route handlers' answer for a lookup (`request`: for a conditional request's 304). */
export async function mediaResponse(lookup: MediaLookup, request?: Request): Promise<Response> {
  if (lookup.status !== 200) return notFound(lookup.status);
  if (lookup.withoutMetadata) {
    return withoutMetadataResponse(lookup.key, lookup.withoutMetadata.companyId, lookup.contentType, request);
  }
  if (lookup.inline && lookup.contentType && STILL_IMAGE_TYPES.has(lookup.contentType)) {
    const inline = await imageResponse(lookup.key, lookup.contentType, request);
    if (inline) return inline;
  }
  return new Response(null, {
    status: 302,
    headers: {
      Location: await signedObjectUrl(lookup.key, lookup.contentType),
      "Cache-Control": `public, max-age=${REDIRECT_MAX_AGE}`,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
