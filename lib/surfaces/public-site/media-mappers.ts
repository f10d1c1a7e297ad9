/**
 * Media rows → public media DTOs: the image sources a page may show (renditions only: never a
 * photo's original, nor any original of gated content), the files a content displays, and what
 * kind of content it is.
 */
import { parseStoredVariants } from "@/lib/platform/media/variants";
import {
  eventBannerUrl,
  publicMediaUrl,
  posterVersion,
  renditionVersion,
  type MediaVariant,
} from "@/lib/platform/media/urls";
import { displayMedia } from "@/lib/features/content/kind-rules";
import type { MediaRef, MediaRow } from "@/lib/surfaces/public-site/selects";
import { DEFAULT_STREAM_HEIGHT } from "@/lib/platform/media/renditions";
import type {
  ImageSource,
  MediaKindDto,
  PublicImage,
  PublicMedia,
  PublicStream,
} from "@/lib/surfaces/public-site/types";

/** A video's poster frame (the JPEG), under the version of its entry on the row. */
function posterFileUrl(media: MediaRow): string | null {
  if (!media.posterKey) return null;
  const version = posterVersion(media.posterKey, parseStoredVariants(media.variants) ?? []);
  return publicMediaUrl(media.id, "poster", version);
}

export function imageOf(media: MediaRow): PublicImage | null {
  if (media.kind !== "photo" && media.kind !== "video") return null;
  const variants = parseStoredVariants(media.variants) ?? [];
  const sources = (format: "avif" | "webp"): ImageSource[] =>
    variants
      .filter((v) => v.format === format)
      .sort((a, b) => a.width - b.width)
      .map((v) => ({
        width: v.width,
        url: publicMediaUrl(media.id, `w${v.width}.${format}` as MediaVariant, renditionVersion(v)),
      }));
  // A photo's original is never shown on a public page (it keeps the camera's EXIF, GPS
  // included): its largest rendition stands in, gated or not.
  const fallbackUrl = media.kind === "video" ? posterFileUrl(media) : (sources("webp").at(-1)?.url ?? null);
  const avif = sources("avif");
  const webp = sources("webp");
  if (!fallbackUrl && webp.length === 0) return null;
  return {
    width: media.width,
    height: media.height,
    blurDataUrl: media.blurDataUrl?.startsWith("data:image/") ? media.blurDataUrl : null,
    avif,
    webp,
    fallbackUrl,
  };
}

/** The media row behind an event's banner (`lib/surfaces/public-site/load-banners.ts`). */
export interface BannerMedia {
  width: number | null;
  height: number | null;
  blurDataUrl: string | null;
  variants: unknown;
}

/**
 * An event's banner as a responsive picture: its AVIF and WebP renditions through the banner
 * route (which serves them only while the event is viewable), so a phone takes a 640 or 960
 * file and a card a small one, not the largest WebP for every screen. Without its media row
 * (not ready yet), the largest rendition's URL alone, as before renditions were listed.
 */
export function bannerImageOf(eventId: string, version: string, media: BannerMedia | null): PublicImage {
  const fallbackUrl = eventBannerUrl(eventId, version);
  const variants = media ? (parseStoredVariants(media.variants) ?? []) : [];
  const sources = (format: "avif" | "webp"): ImageSource[] =>
    variants
      .filter((v) => v.format === format)
      .sort((a, b) => a.width - b.width)
      .map((v) => ({ width: v.width, url: eventBannerUrl(eventId, version, `w${v.width}.${format}`) }));
  const webp = sources("webp");
  return {
    width: webp.length > 0 ? (media?.width ?? null) : null,
    height: webp.length > 0 ? (media?.height ?? null) : null,
    blurDataUrl: media?.blurDataUrl?.startsWith("data:image/") ? media.blurDataUrl : null,
    avif: webp.length > 0 ? sources("avif") : [],
    webp,
    fallbackUrl,
  };
}

/**
 * What a video or audio plays (issue #16): its transcoded renditions, the default first (720p,
 * else the nearest below, then the larger ones), so phones stream a small H.264/AAC file with
 * range requests. Without renditions (no ffmpeg, a failed transcode, media processed before
 * renditions existed) the original plays as before, unless the content is lead-gated: a gated
 * original is never a playback URL (it is what the lead form unlocks).
 */
export function playbackStreams(media: MediaRow, gated: boolean): PublicStream[] {
  if (media.kind !== "video" && media.kind !== "audio") return [];
  const variants = parseStoredVariants(media.variants) ?? [];
  const name = (key: string) => key.slice(key.lastIndexOf("/") + 1) as MediaVariant;
  if (media.kind === "audio") {
    const audio = variants.find((v) => v.format === "m4a");
    if (audio)
      return [{ url: publicMediaUrl(media.id, name(audio.key)), mimeType: "audio/mp4", height: null }];
  } else {
    const videos = variants
      .filter((v) => v.format === "mp4")
      .map((v) => ({ v, height: Math.min(v.width, v.height ?? v.width) }))
      .sort((a, b) => a.height - b.height);
    if (videos.length > 0) {
      const preferred = videos.filter((r) => r.height <= DEFAULT_STREAM_HEIGHT).at(-1) ?? videos[0]!;
      const ordered = [preferred, ...videos.filter((r) => r !== preferred)];
      return ordered.map(({ v, height }) => ({
        url: publicMediaUrl(media.id, name(v.key)),
        mimeType: "video/mp4",
        height,
      }));
    }
  }
  return gated ? [] : [{ url: publicMediaUrl(media.id, "original"), mimeType: media.mimeType, height: null }];
}

/** Wide enough for a phone's screen at 3× and for the player's column on a desktop. */
export const POSTER_MAX_WIDTH = 1280;

/**
 * The poster a video player shows: the poster frame's widest WebP rendition up to
 * `POSTER_MAX_WIDTH` (`<video poster>` takes one file, no srcset), a fraction of the frame
 * itself as a JPEG (a 1080p frame is 1920 px wide); the JPEG when there is no rendition.
 */
function posterUrlOf(media: MediaRow, image: PublicImage | null): string | null {
  if (media.kind !== "video" || !media.posterKey) return null;
  const fitting = image?.webp.filter((source) => source.width <= POSTER_MAX_WIDTH).at(-1);
  return fitting?.url ?? posterFileUrl(media);
}

function hasVideoRenditions(media: MediaRow): boolean {
  return (
    media.kind === "video" && (parseStoredVariants(media.variants) ?? []).some((v) => v.format === "mp4")
  );
}

export function toPublicMedia(media: MediaRow, gated: boolean): PublicMedia {
  const image = imageOf(media);
  const waveform = Array.isArray(media.waveform)
    ? (media.waveform as unknown[]).filter((v): v is number => typeof v === "number")
    : null;
  return {
    id: media.id,
    kind: media.kind,
    mimeType: media.mimeType,
    image,
    // Players stream audio and video files; photos are shown through their renditions only, and
    // so are videos that have them (the original is for players only when there is none).
    originalUrl:
      gated || media.kind === "photo" || hasVideoRenditions(media)
        ? null
        : publicMediaUrl(media.id, "original"),
    streams: playbackStreams(media, gated),
    posterUrl: posterUrlOf(media, image),
    durationMs: media.durationMs,
    waveform: waveform && waveform.length > 0 ? waveform : null,
  };
}

export function primaryKindOf(content: {
  kind: string;
  coverMediaId: string | null;
  mediaFiles: MediaRef[];
}): MediaKindDto {
  if (content.kind === "photo_gallery") return "photo";
  if (content.kind === "video_gallery") return "video";
  return displayMedia(content)[0]?.kind ?? "document";
}

export function countsOf(media: MediaRef[]): Record<MediaKindDto, number> {
  const counts: Record<MediaKindDto, number> = { photo: 0, video: 0, audio: 0, document: 0 };
  for (const m of media) counts[m.kind]++;
  return counts;
}
