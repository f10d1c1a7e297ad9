import sharp, { type Metadata } from "sharp";
import type { Prisma } from "@/lib/generated/prisma/client";
import { audioPeaks, parseWavHead, StreamPeakCollector, WavPeakAccumulator } from "@/lib/media/audio";
import {
  mp3Info,
  mp4Info,
  oggInfo,
  webmInfo,
  type ContainerInfo,
  type RangeReader,
} from "@/lib/media/containers";
import { mediaSettings, type MediaContext, type MediaSettings } from "@/lib/media/context";
import { fillMissingCovers, removeMediaObjects, storedBytesOf } from "@/lib/media/delete-media";
import { runTool, toolAvailable } from "@/lib/media/ffmpeg";
import { FILE_TYPE_RULES } from "@/lib/media/file-types";
import { megapixels } from "@/lib/media/image-header";
import { posterKeyOf, prefixOfKey } from "@/lib/media/keys";
import { deleteObject, readRange, readStream } from "@/lib/media/storage-ops";
import {
  parseStoredVariants,
  processImage,
  variantFileName,
  type ProcessedImage,
  type StoredVariant,
} from "@/lib/media/variants";
import { extractPoster, placeholderPoster, posterTimeSeconds, probeMedia } from "@/lib/media/video";

/** i18n keys stored in `MediaFile.processingError` (texts under `media.errors`). */
export const MEDIA_ERRORS = {
  unreadable: "media.errors.unreadable",
  imageTooLarge: "media.errors.imageTooLarge",
  processingFailed: "media.errors.processingFailed",
} as const;

/** A failure that retrying cannot fix (the bytes are bad): the media goes straight to `failed`. */
export class PermanentMediaError extends Error {
  constructor(
    readonly messageKey: string,
    detail?: string,
  ) {
    super(detail ? `${messageKey}: ${detail}` : messageKey);
    this.name = "PermanentMediaError";
  }
}

export type ProcessOutcome =
  | { status: "ready"; companyId: string; contentId: string | null }
  /** Nothing to do: the media is gone, or no longer waiting for processing. */
  | { status: "skipped" };

type MediaRow = Prisma.MediaFileGetPayload<{
  select: {
    id: true;
    companyId: true;
    contentId: true;
    kind: true;
    state: true;
    storageKey: true;
    mimeType: true;
    sizeBytes: true;
    variants: true;
  };
}>;

interface Result {
  data: Prisma.MediaFileUpdateManyMutationInput;
  variants: StoredVariant[];
  /** Objects written, deleted again if the media vanished meanwhile. */
  written: string[];
}

/**
 * The job behind each upload: renditions for photos, duration and poster for videos,
 * duration and waveform for audio; then `ready`, with the renditions' bytes added to the
 * company's storage and a cover chosen for a content that has none. Runs only on media in
 * `processing`, and commits only if it still is (deleted or re-queued media are left alone),
 * so a job delivered twice does no harm. Throws `PermanentMediaError` for bad files and any
 * other error for failures worth retrying.
 */
export async function processMedia(ctx: MediaContext, mediaId: string): Promise<ProcessOutcome> {
  const media = await ctx.db.mediaFile.findUnique({
    where: { id: mediaId },
    select: {
      id: true,
      companyId: true,
      contentId: true,
      kind: true,
      state: true,
      storageKey: true,
      mimeType: true,
      sizeBytes: true,
      variants: true,
    },
  });
  if (!media || media.state !== "processing") return { status: "skipped" };

  const settings = mediaSettings(ctx);
  let result: Result;
  switch (media.kind) {
    case "photo":
      result = await processPhoto(ctx, media, settings);
      break;
    case "video":
      result = await processVideo(ctx, media, settings);
      break;
    case "audio":
      result = await processAudio(ctx, media, settings);
      break;
    case "document":
      result = { data: {}, variants: [], written: [] };
      break;
  }

  const committed = await ctx.db.$transaction(async (tx) => {
    const { count } = await tx.mediaFile.updateMany({
      where: { id: media.id, state: "processing" },
      data: { ...result.data, variants: result.variants, state: "ready", processingError: null },
    });
    if (count === 0) return false;
    const before = storedBytesOf({ sizeBytes: 0n, variants: media.variants });
    const after = storedBytesOf({ sizeBytes: 0n, variants: result.variants });
    if (after !== before) {
      await tx.company.update({
        where: { id: media.companyId },
        data: { storageUsedBytes: { increment: after - before } },
      });
    }
    if (media.contentId) await fillMissingCovers(tx, media.companyId, [media.contentId]);
    return true;
  });
  if (!committed) {
    await cleanUpWritten(ctx, media, result.written);
    return { status: "skipped" };
  }
  return { status: "ready", companyId: media.companyId, contentId: media.contentId };
}

/** Marks media `failed` with an i18n key, if it is still being processed. */
export async function markMediaFailed(ctx: Pick<MediaContext, "db">, mediaId: string, messageKey: string) {
  await ctx.db.mediaFile.updateMany({
    where: { id: mediaId, state: "processing" },
    data: { state: "failed", processingError: messageKey },
  });
}

async function cleanUpWritten(ctx: MediaContext, media: MediaRow, written: string[]): Promise<void> {
  const still = await ctx.db.mediaFile.findUnique({ where: { id: media.id }, select: { variants: true } });
  if (!still) {
    // Deleted while we worked: remove everything under its folder.
    await removeMediaObjects(ctx.store, [
      { ...media, posterKey: null, multipartUploadId: null, variants: null },
    ]);
    return;
  }
  const kept = new Set((parseStoredVariants(still.variants) ?? []).map((v) => v.key));
  await Promise.all(written.filter((key) => !kept.has(key)).map((key) => deleteObject(ctx.store, key)));
}

// ───────────────────────────── photos ─────────────────────────────

async function storeImage(
  ctx: MediaContext,
  base: string,
  image: ProcessedImage,
): Promise<{ variants: StoredVariant[]; written: string[] }> {
  const variants: StoredVariant[] = [];
  const written: string[] = [];
  // A few at a time: enough to hide latency without flooding the store.
  const queue = [...image.variants];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let v = queue.shift(); v; v = queue.shift()) {
        const key = `${base}/${variantFileName(v)}`;
        await ctx.store.put(key, v.bytes, `image/${v.format}`);
        written.push(key);
        variants.push({ width: v.width, format: v.format, key, bytes: v.bytes.length });
      }
    }),
  );
  variants.sort((a, b) => a.width - b.width || a.format.localeCompare(b.format));
  return { variants, written };
}

async function processPhoto(ctx: MediaContext, media: MediaRow, settings: MediaSettings): Promise<Result> {
  const original = Buffer.from(await ctx.store.getBytes(media.storageKey));
  let meta: Metadata;
  try {
    meta = await sharp(original, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw new PermanentMediaError(MEDIA_ERRORS.unreadable, String(error));
  }
  const pixels = (meta.width ?? 0) * (meta.height ?? 0);
  if (pixels > settings.maxImagePixels) {
    throw new PermanentMediaError(MEDIA_ERRORS.imageTooLarge, `${megapixels(pixels)} MP`);
  }
  let image: ProcessedImage;
  try {
    image = await processImage(original);
  } catch (error) {
    throw new PermanentMediaError(MEDIA_ERRORS.unreadable, String(error));
  }
  const { variants, written } = await storeImage(ctx, prefixOfKey(media.storageKey), image);
  return {
    data: { width: image.width, height: image.height, blurDataUrl: image.blurDataUrl },
    variants,
    written,
  };
}

// ───────────────────────────── video ─────────────────────────────

function rangeReader(ctx: MediaContext, key: string): RangeReader {
  return (start, end) => readRange(ctx.store, key, start, end);
}

/** A signed URL ffmpeg can read (with range requests) instead of downloading the file. */
function toolInput(ctx: MediaContext, key: string): Promise<string> {
  return ctx.store.signedGetUrl(key, { expiresIn: 3600 });
}

async function containerInfoOf(ctx: MediaContext, media: MediaRow): Promise<ContainerInfo> {
  const size = Number(media.sizeBytes);
  const read = rangeReader(ctx, media.storageKey);
  try {
    switch (FILE_TYPE_RULES[media.mimeType]?.family) {
      case "isobmff":
        return await mp4Info(read, size);
      case "webm":
        return webmInfo(await read(0, Math.min(size, 1024 * 1024) - 1));
      case "ogg":
        return await oggInfo(read, size);
      case "mp3":
        return await mp3Info(read, size);
      default:
        return { durationMs: null, width: null, height: null };
    }
  } catch {
    return { durationMs: null, width: null, height: null };
  }
}

async function processVideo(ctx: MediaContext, media: MediaRow, settings: MediaSettings): Promise<Result> {
  const [ffprobe, ffmpeg] = await Promise.all([
    toolAvailable(settings.ffprobePath).then((ok) => (ok ? settings.ffprobePath : null)),
    toolAvailable(settings.ffmpegPath).then((ok) => (ok ? settings.ffmpegPath : null)),
  ]);
  const input = ffprobe || ffmpeg ? await toolInput(ctx, media.storageKey) : "";

  let info: ContainerInfo = { durationMs: null, width: null, height: null };
  if (ffprobe) info = await probeMedia(ffprobe, input).catch(() => info);
  if (info.durationMs === null || info.width === null) {
    const fromContainer = await containerInfoOf(ctx, media);
    info = {
      durationMs: info.durationMs ?? fromContainer.durationMs,
      width: info.width ?? fromContainer.width,
      height: info.height ?? fromContainer.height,
    };
  }

  let poster: Buffer | null = null;
  if (ffmpeg) {
    poster = await extractPoster(ffmpeg, input, posterTimeSeconds(info.durationMs)).catch(
      (error: unknown) => {
        console.warn("[afterglow] no poster frame, using a placeholder", {
          mediaId: media.id,
          error: String(error),
        });
        return null;
      },
    );
  }
  poster ??= await placeholderPoster(media.id, info);

  const posterImage = await processImage(poster);
  const base = prefixOfKey(media.storageKey);
  const posterKey = posterKeyOf(media.storageKey);
  await ctx.store.put(posterKey, poster, "image/jpeg");
  const stored = await storeImage(ctx, base, posterImage);
  return {
    data: {
      durationMs: info.durationMs,
      width: info.width ?? posterImage.width,
      height: info.height ?? posterImage.height,
      blurDataUrl: posterImage.blurDataUrl,
      posterKey,
    },
    variants: [
      ...stored.variants,
      { width: posterImage.width, format: "jpeg", key: posterKey, bytes: poster.length },
    ],
    written: [...stored.written, posterKey],
  };
}

// ───────────────────────────── audio ─────────────────────────────

const WAVEFORM_BUCKETS = 100;
const DECODE_RATE = 8000;

async function wavWaveform(
  ctx: MediaContext,
  media: MediaRow,
): Promise<{ durationMs: number; waveform: number[] }> {
  const size = Number(media.sizeBytes);
  const head = await readRange(ctx.store, media.storageKey, 0, Math.min(size, 65_536) - 1);
  let info;
  try {
    info = parseWavHead(head, size);
  } catch (error) {
    throw new PermanentMediaError(MEDIA_ERRORS.unreadable, String(error));
  }
  if (size <= head.length)
    return { durationMs: info.durationMs, waveform: audioPeaks(head, WAVEFORM_BUCKETS) };
  const peaks = new WavPeakAccumulator(info, WAVEFORM_BUCKETS);
  const stream = await readStream(
    ctx.store,
    media.storageKey,
    `bytes=${info.dataOffset}-${info.dataOffset + info.dataLength - 1}`,
  );
  for await (const chunk of stream) peaks.push(chunk as Uint8Array);
  return { durationMs: info.durationMs, waveform: peaks.peaks() };
}

async function decodedWaveform(
  ffmpeg: string,
  input: string,
): Promise<{ durationMs: number; waveform: number[] }> {
  const collector = new StreamPeakCollector();
  await runTool(
    ffmpeg,
    [
      ...["-hide_banner", "-loglevel", "error", "-nostdin", "-i", input],
      ...["-vn", "-ac", "1", "-ar", String(DECODE_RATE), "-f", "f32le", "pipe:1"],
    ],
    { timeoutMs: 30 * 60_000, onStdout: (chunk) => collector.pushFloat32LE(chunk) },
  );
  if (collector.samples === 0) throw new Error("ffmpeg decoded no audio");
  return {
    durationMs: Math.round((collector.samples / DECODE_RATE) * 1000),
    waveform: collector.peaks(WAVEFORM_BUCKETS),
  };
}

async function processAudio(ctx: MediaContext, media: MediaRow, settings: MediaSettings): Promise<Result> {
  if (FILE_TYPE_RULES[media.mimeType]?.family === "wav") {
    const { durationMs, waveform } = await wavWaveform(ctx, media);
    return { data: { durationMs, waveform }, variants: [], written: [] };
  }
  const container = await containerInfoOf(ctx, media);
  const ffmpeg = (await toolAvailable(settings.ffmpegPath)) ? settings.ffmpegPath : null;
  if (ffmpeg) {
    try {
      const decoded = await decodedWaveform(ffmpeg, await toolInput(ctx, media.storageKey));
      return {
        data: { durationMs: container.durationMs ?? decoded.durationMs, waveform: decoded.waveform },
        variants: [],
        written: [],
      };
    } catch (error) {
      console.warn("[afterglow] audio decoding failed; keeping the container's duration", {
        mediaId: media.id,
        error: String(error),
      });
    }
  }
  // Without a decoder there is no waveform to draw; the player shows a plain bar.
  return { data: { durationMs: container.durationMs }, variants: [], written: [] };
}
