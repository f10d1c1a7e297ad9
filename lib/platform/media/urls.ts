/**
 * Stable public paths of media. The bucket is private and signed URLs expire, so cached
 * pages embed these paths instead; `app/api/media/…` checks visibility and redirects to a
 * short-lived signed URL. Safe to import from client components.
 */

/**
 * `original`, `poster` (a video's frame), an image variant file name such as `w640.webp`, or a
 * playback rendition (`h720.mp4`, `stream.m4a`: `lib/platform/media/renditions.ts`).
 */
export type MediaVariant =
  "original" | "poster" | `w${number}.${"webp" | "avif" | "jpeg"}` | `h${number}.mp4` | "stream.m4a";

const VARIANT_PATTERN = /^(original|poster|w\d{1,5}\.(?:webp|avif|jpeg)|h\d{1,4}\.mp4|stream\.m4a)$/;

export function isMediaVariant(value: string): value is MediaVariant {
  return VARIANT_PATTERN.test(value);
}

/**
 * `version` (`renditionVersion` of the stored rendition) makes the URL name those bytes for good:
 * the route answers it `immutable` for a year (lib/surfaces/public-site/media-access.ts). Without
 * one (originals, playback streams), or with an old one, the answer lives a minute.
 */
export function publicMediaUrl(mediaId: string, variant: MediaVariant, version?: string): string {
  const path = `/api/media/${encodeURIComponent(mediaId)}/${variant}`;
  return version ? `${path}?v=${encodeURIComponent(version)}` : path;
}

/** A company's logo (the public route); `version` changes with the stored file so caches pick up a new logo. */
export function publicCompanyLogoUrl(companyId: string, version: string): string {
  return `/api/media/logo/${encodeURIComponent(companyId)}?v=${encodeURIComponent(version)}`;
}

/** A banner rendition's file name (`w640.avif`): what `/api/media/banner/{eventId}/{rendition}` serves. */
export type BannerRendition = `w${number}.${"webp" | "avif"}`;

const BANNER_RENDITION_PATTERN = /^w\d{1,5}\.(?:webp|avif)$/;

export function isBannerRendition(value: string): value is BannerRendition {
  return BANNER_RENDITION_PATTERN.test(value);
}

/**
 * An event's banner image: its largest WebP rendition, or the one named (`w640.avif`), for the
 * picture's srcset. `version` changes with the stored file so caches pick up a new banner.
 */
export function eventBannerUrl(eventId: string, version: string, rendition?: BannerRendition): string {
  const path = `/api/media/banner/${encodeURIComponent(eventId)}${rendition ? `/${rendition}` : ""}`;
  return `${path}?v=${encodeURIComponent(version)}`;
}

/** A short stable token of a storage key, so a replaced file gets a new URL. */
export function versionOf(key: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/**
 * The version of one stored rendition: its key and its size. A key is written once with its
 * bytes (each upload has a folder of its own, `lib/platform/media/keys.ts`; a new logo, banner
 * or photo is a new upload), and a rendition re-encoded in place to another size gets another
 * version too. The route compares the `?v=` it is asked for with this before it answers
 * `immutable`.
 */
export function renditionVersion(rendition: { key: string; bytes: number }): string {
  return versionOf(`${rendition.key}:${rendition.bytes}`);
}

/** A video's poster frame: the version of its entry on the media row (older rows: of its key). */
export function posterVersion(posterKey: string, stored: readonly { key: string; bytes: number }[]): string {
  const entry = stored.find((v) => v.key === posterKey);
  return entry ? renditionVersion(entry) : versionOf(posterKey);
}
