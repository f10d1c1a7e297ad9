import "server-only";
import { isMediaVariant } from "@/lib/media/urls";
import { resolveBanner, resolveLogoKey, resolveMediaObject } from "@/lib/public/resolve-media-object";
import { publicStorage } from "@/lib/storage";
import { isRecordIdShape } from "@/lib/validation/common";

/**
 * Public media answer with a redirect to a short-lived signed URL of the private bucket.
 * Signatures are made with a signing time rounded down to a window, so every request in a
 * window gets the same URL and browsers (or a CDN) reuse the bytes they have.
 * Lifetimes are short on purpose (issue #12, hole 13): once content is unpublished or gated,
 * this route answers 404 at once, a cached redirect lives at most REDIRECT_MAX_AGE, and a signed
 * URL already handed out stops working at most SIGNATURE_SECONDS after its window began.
 * Invariant (tested): a redirect never outlives the signature it points at.
 */
export const SIGNATURE_SECONDS = 600;
export const WINDOW_SECONDS = 300;
/** Life of a cached redirect: far less than the SIGNATURE_SECONDS - WINDOW_SECONDS always left. */
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

export type MediaLookup = { status: 200; key: string; contentType?: string } | { status: 403 | 404 };

export async function lookupMedia(mediaId: string, variant: string): Promise<MediaLookup> {
  if (!isMediaVariant(variant) || !isRecordIdShape(mediaId)) return { status: 404 };
  const found = await resolveMediaObject(mediaId, variant);
  if (found.state === "ok") return { status: 200, key: found.key, contentType: found.contentType };
  return { status: found.state === "gated" ? 403 : 404 };
}

export async function lookupLogo(companyId: string): Promise<MediaLookup> {
  const key = isRecordIdShape(companyId) ? await resolveLogoKey(companyId) : null;
  return key ? { status: 200, key } : { status: 404 };
}

export async function lookupBanner(eventId: string): Promise<MediaLookup> {
  const banner = isRecordIdShape(eventId) ? await resolveBanner(eventId) : null;
  return banner ? { status: 200, ...banner } : { status: 404 };
}

/** The route handlers' answer for a lookup. */
export async function mediaResponse(lookup: MediaLookup): Promise<Response> {
  if (lookup.status !== 200) {
    return Response.json(
      { error: lookup.status === 403 ? "forbidden" : "not_found" },
      {
        status: lookup.status,
        headers: { "Cache-Control": "public, max-age=60", "X-Content-Type-Options": "nosniff" },
      },
    );
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
