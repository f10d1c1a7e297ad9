import "server-only";
import { cleanedFileResponse } from "@/lib/features/engagement/cleaned-file";
import { reserveVideoSlot, VIDEO_BUSY_RETRY_SECONDS } from "@/lib/features/engagement/video-slots";
import { clientIp, ipKeyPart } from "@/lib/core/rate-limit/client-ip";
import { clientIpOptions, ipHashSecret } from "@/lib/core/rate-limit/server";
import { isBannerRendition, isMediaVariant, versionOf } from "@/lib/platform/media/urls";
import {
  resolveBanner,
  resolveLogo,
  resolveMediaObject,
} from "@/lib/surfaces/public-site/resolve-media-object";
import { publicStorage, storage } from "@/lib/core/storage";
import type { SniffedFamily } from "@/lib/platform/media/file-types";
import { SNIFF_BYTES, sniffFamily } from "@/lib/platform/media/sniff";
import {
  MAX_INLINE_IMAGE_BYTES,
  processRenditionCache,
  type ImageRead,
} from "@/lib/surfaces/public-site/rendition-cache";
import { isRecordIdShape } from "@/lib/core/validation/common";
import type { UnlockCookies } from "@/lib/platform/site/gallery-access";
import { markSpecOf } from "@/lib/platform/media/watermark/marks";
import { markRenditionNow } from "@/lib/platform/media/watermark/on-demand";

export { MAX_INLINE_IMAGE_BYTES };

/**
 * Public media answer with a redirect to a short-lived signed URL of the private bucket, except
 * the still images the media worker made (a photo's `w640.webp`…, a video's poster, an event's
 * banner): those are answered with their bytes, from the page's own origin. A fan's largest
 * image (the event banner, the photo, the video's poster) then loads without a redirect and a
 * second connection, to the store, before it (issue #16: the Largest Contentful Paint). They are
 * small, and formats our own encoder wrote; so is a logo's WebP rendition, in the header of every
 * tenant page, and the logo the platform stored itself when its first bytes are an image's.
 * Originals, videos and audio (large, ranged) stay redirects.
 * Those still images come from the server's memory once read (rendition-cache.ts), behind the
 * same per-request check of who may see them, and a URL with the current version (`?v=`) is
 * answered `immutable` (issue #35; the figures are in `imageResponse`).
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

/**
 * `inline`: answered with the bytes (a still image the media worker made), not a redirect.
 * `version`: of the stored object as its current URL carries it (`?v=`): asked for by that
 * version, the bytes are answered `immutable`.
 * `withoutMetadata`: answered with the bytes, metadata boxes blanked (cleaned-file.ts).
 */
export type MediaLookup =
  | {
      status: 200;
      key: string;
      version: string;
      contentType?: string;
      inline?: boolean;
      /** The media's company (its share of the video slots). */
      withoutMetadata?: { companyId: string };
      /** A password gallery's (issue #36): for this browser only, never a shared cache's. */
      restricted?: boolean;
      /** A watermarked gallery's photo without its marks yet: marked on request (`markedNowResponse`). */
      markNow?: { contentId: string };
    }
  /** `noStore`: a locked or expired gallery's, whose answer changes with the browser's unlock. */
  | { status: 403 | 404; noStore?: boolean };

/** A photo's resized image or a video's poster: both written by the media worker. */
const STILL_IMAGE_VARIANT = /^(?:poster|w\d{1,5}\.(?:webp|avif|jpeg))$/;

/** `cookies`: the request's, for the unlock cookies of the media's gallery and events (gallery-access.ts). */
export async function lookupMedia(
  mediaId: string,
  variant: string,
  cookies?: UnlockCookies,
): Promise<MediaLookup> {
  if (!isMediaVariant(variant) || !isRecordIdShape(mediaId)) return { status: 404 };
  const found = await resolveMediaObject(mediaId, variant, cookies);
  if (found.state === "ok")
    return {
      status: 200,
      key: found.key,
      version: found.version,
      contentType: found.contentType,
      inline: STILL_IMAGE_VARIANT.test(variant),
      ...(found.withoutMetadata ? { withoutMetadata: { companyId: found.companyId ?? "" } } : {}),
      ...(found.restricted ? { restricted: true } : {}),
      ...(found.markNow ? { markNow: found.markNow } : {}),
    };
  if (found.state === "locked") return { status: 404, noStore: true };
  return { status: found.state === "gated" ? 403 : 404 };
}

export async function lookupLogo(companyId: string): Promise<MediaLookup> {
  const logo = isRecordIdShape(companyId) ? await resolveLogo(companyId) : null;
  // A rendition the media worker wrote: its bytes, like a banner's. A logo the platform stored
  // itself (no media row, no verified type: the demo's) too, when its first bytes are those of
  // a PNG, JPEG or WebP, answered as that type (imageResponse); anything else stays a redirect.
  return logo ? { status: 200, ...logo, inline: true } : { status: 404 };
}

/** `rendition`: a file name from the banner's srcset (`w640.avif`); none, its largest WebP. */
export async function lookupBanner(
  eventId: string,
  rendition?: string,
  cookies?: UnlockCookies,
): Promise<MediaLookup> {
  if (rendition !== undefined && !isBannerRendition(rendition)) return { status: 404 };
  const banner = isRecordIdShape(eventId) ? await resolveBanner(eventId, rendition, cookies) : null;
  // A password event's banner without its unlock: as a locked gallery's media (issue #36).
  if (banner === "locked") return { status: 404, noStore: true };
  // Always one of the banner's renditions (resolveBanner), never the uploaded file.
  return banner ? { status: 200, ...banner, inline: true } : { status: 404 };
}

const notFound = (status: 403 | 404, noStore = false) =>
  Response.json(
    { error: status === 403 ? "forbidden" : "not_found" },
    {
      status,
      headers: {
        "Cache-Control": noStore ? "private, no-store" : "public, max-age=60",
        "X-Content-Type-Options": "nosniff",
      },
    },
  );

/** `If-None-Match` names this ETag (or `*`): the browser's copy is current. */
function matchesEtag(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const strip = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || strip(tag) === strip(etag));
}

/** The types the media worker writes its still images in (lib/platform/media/variants.ts). */
const STILL_IMAGE_TYPES = new Set(["image/webp", "image/avif", "image/jpeg"]);
/** A logo the platform stored (no verified type): answered inline when its first bytes are one of these. */
const SNIFFED_LOGO_TYPES: Readonly<Partial<Record<SniffedFamily, string>>> = {
  png: "image/png",
  jpeg: "image/jpeg",
  webp: "image/webp",
};

/**
 * A version's answer lives a year in a browser: the URL names those bytes for good. Shared caches
 * (a CDN, a proxy) keep it REDIRECT_MAX_AGE, then ask again with its ETag, so content unpublished
 * is gone from them within the same minute as a redirect (the route checks access every time).
 */
export const IMMUTABLE_CACHE_CONTROL = `public, max-age=31536000, s-maxage=${REDIRECT_MAX_AGE}, immutable`;
/** An unversioned or outdated URL: the current bytes, for a minute (a page cached before a change). */
const SHORT_CACHE_CONTROL = `public, max-age=${REDIRECT_MAX_AGE}`;
/**
 * A password gallery's image (issue #36): only the browser that unlocked it keeps it, for the
 * unlock's short life at most; a shared cache (a CDN, the front door's replay) never does.
 */
export const RESTRICTED_CACHE_CONTROL = `private, max-age=${REDIRECT_MAX_AGE * 10}`;

/**
 * Reads a still image whole from the store (the store's connection is never held by a slow
 * reader), typed by what was verified, or for a platform logo by its first bytes.
 */
async function readImage(key: string, contentType: string | undefined): Promise<ImageRead> {
  const object = await storage.readSmall(key, MAX_INLINE_IMAGE_BYTES);
  if (object === null) return "missing";
  if (object === "too-large") return "not-inline";
  if (contentType) return { bytes: object.bytes, contentType };
  const family = sniffFamily(object.bytes.subarray(0, SNIFF_BYTES));
  const sniffed = family ? SNIFFED_LOGO_TYPES[family] : undefined;
  return sniffed ? { bytes: object.bytes, contentType: sniffed } : "not-inline";
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
  restricted = false,
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
    extra: { "Cache-Control": restricted ? RESTRICTED_CACHE_CONTROL : `public, max-age=${REDIRECT_MAX_AGE}` },
    release: slot.release,
  });
  if (cleaned.ok) return cleaned.response;
  if (cleaned.reason !== "missing") {
    console.warn("[afterglow] public original without metadata refused", { key, reason: cleaned.reason });
  }
  return notFound(404);
}

/**
 * A still image's bytes, from the process's cache (filled from the store on first use, keyed by
 * the version), so a hot photo costs no round trip to the store. Its ETag is the version's, known
 * before any read: a current copy gets 304 at once. Null: not answered inline (a redirect).
 * Only called once the lookup has checked that the fan may see the image (`mediaResponse`).
 *
 * Measured 2026-11-28 (production build, wrk -t1 -c16 -d3s with a phone's Accept headers, the
 * demo's w640.avif of 14,969 B; the machine shared with other builds, load average 13–16, so
 * every figure is low and only the ratios in the same minute count): the old path (Prisma, the
 * store read on every request, through Next.js) 9–12 req/s; this one 130–151 req/s; nginx
 * serving the same file 6,963–8,471 req/s. A redirect straight to the store instead costs the
 * app 47–58 req/s (lookup and signing) plus the store 207 req/s for the bytes, about 3× this
 * path's server time, a second connection and round trip for the fan, and no `immutable` (a
 * signature expires): so the bytes are answered from memory.
 */
async function imageResponse(
  lookup: { key: string; version: string; contentType?: string; restricted?: boolean },
  request?: Request,
): Promise<Response | null> {
  const requested = request ? new URL(request.url).searchParams.get("v") : null;
  const etag = `"${versionOf(`${lookup.version}\n${lookup.key}`)}"`;
  const headers = new Headers({
    "Cache-Control": lookup.restricted
      ? RESTRICTED_CACHE_CONTROL
      : requested === lookup.version
        ? IMMUTABLE_CACHE_CONTROL
        : SHORT_CACHE_CONTROL,
    "X-Content-Type-Options": "nosniff",
    ETag: etag,
  });
  if (matchesEtag(request?.headers.get("if-none-match") ?? null, etag))
    return new Response(null, { status: 304, headers });
  const image = await processRenditionCache().read(lookup.key, lookup.version, () =>
    readImage(lookup.key, lookup.contentType),
  );
  if (image === "missing") return notFound(404);
  if (image === "not-inline") return null;
  headers.set("Content-Type", image.contentType);
  headers.set("Content-Length", String(image.bytes.byteLength));
  if (request?.method === "HEAD") return new Response(null, { status: 200, headers });
  // The SDK types its bytes over ArrayBufferLike; they are a plain ArrayBuffer's. (A Response
  // copies a buffer it is given: the cached bytes stay as they are.)
  return new Response(image.bytes as Uint8Array<ArrayBuffer>, { status: 200, headers });
}

/**
 * A watermarked gallery's photo whose marks the pass has not drawn yet: its clean rendition
 * marked now (on-demand.ts), answered for a minute only (never `immutable`: the URL names the
 * clean bytes' version, and the pass's renditions take over). A gallery switched off meanwhile
 * gets its clean image as usual.
 */
async function markedNowResponse(
  lookup: { key: string; version: string; contentType?: string; restricted?: boolean },
  contentId: string,
  request?: Request,
): Promise<Response> {
  const spec = await markSpecOf(contentId);
  if (!spec?.on) return (await imageResponse(lookup, request)) ?? notFound(404);
  const contentType = lookup.contentType ?? "";
  const etag = `"${versionOf(`${lookup.version}\n${lookup.key}\n${spec.hash}`)}"`;
  const headers = new Headers({
    "Cache-Control": lookup.restricted ? RESTRICTED_CACHE_CONTROL : SHORT_CACHE_CONTROL,
    "X-Content-Type-Options": "nosniff",
    ETag: etag,
  });
  if (matchesEtag(request?.headers.get("if-none-match") ?? null, etag))
    return new Response(null, { status: 304, headers });
  // Kept in the process's cache under the marks' version, beside (never as) the clean bytes.
  const image = await processRenditionCache().read(lookup.key, `marked-now:${spec.hash}`, async () => {
    const bytes = await markRenditionNow(lookup.key, contentType, spec);
    return bytes ? { bytes: new Uint8Array(bytes), contentType } : "missing";
  });
  if (image === "missing" || image === "not-inline") return notFound(404);
  headers.set("Content-Type", image.contentType);
  headers.set("Content-Length", String(image.bytes.byteLength));
  if (request?.method === "HEAD") return new Response(null, { status: 200, headers });
  return new Response(image.bytes as Uint8Array<ArrayBuffer>, { status: 200, headers });
}

/** The route handlers' answer for a lookup (`request`: its `?v=`, a conditional request's 304). */
export async function mediaResponse(lookup: MediaLookup, request?: Request): Promise<Response> {
  if (lookup.status !== 200) return notFound(lookup.status, lookup.noStore);
  if (lookup.withoutMetadata) {
    return withoutMetadataResponse(
      lookup.key,
      lookup.withoutMetadata.companyId,
      lookup.contentType,
      request,
      lookup.restricted,
    );
  }
  // Never its clean bytes, nor a redirect to them (attacker review of issue #36).
  if (lookup.markNow) return markedNowResponse(lookup, lookup.markNow.contentId, request);
  if (lookup.inline && (lookup.contentType === undefined || STILL_IMAGE_TYPES.has(lookup.contentType))) {
    const inline = await imageResponse(lookup, request);
    if (inline) return inline;
  }
  return new Response(null, {
    status: 302,
    headers: {
      Location: await signedObjectUrl(lookup.key, lookup.contentType),
      "Cache-Control": lookup.restricted ? "private, no-store" : `public, max-age=${REDIRECT_MAX_AGE}`,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
