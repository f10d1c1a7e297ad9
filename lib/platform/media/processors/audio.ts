import "server-only";
import {
  audioPeaks,
  parseWavHead,
  StreamPeakCollector,
  WavPeakAccumulator,
} from "@/lib/platform/media/audio";
import { inputArgs, runTool, toolAvailable, type ToolInput } from "@/lib/platform/media/ffmpeg";
import { FILE_TYPE_RULES } from "@/lib/platform/media/file-types";
import { containerInfoOf, withToolInput } from "@/lib/platform/media/processors/source";
import { transcodeAudio, type Renditions } from "@/lib/platform/media/processors/transcode";
import {
  MEDIA_ERRORS,
  PermanentMediaError,
  type MediaProcessor,
  type MediaRow,
  type ProcessorResult,
} from "@/lib/platform/media/processors/types";
import type { MediaSettings } from "@/lib/platform/media/settings";
import { storage } from "@/lib/core/storage";

const WAVEFORM_BUCKETS = 100;
const DECODE_RATE = 8000;

async function wavWaveform(media: MediaRow): Promise<{ durationMs: number; waveform: number[] }> {
  const size = Number(media.sizeBytes);
  const head = await storage.readRange(media.storageKey, 0, Math.min(size, 65_536) - 1);
  let info;
  try {
    info = parseWavHead(head, size);
  } catch (error) {
    throw new PermanentMediaError(MEDIA_ERRORS.unreadable, String(error));
  }
  if (size <= head.length)
    return { durationMs: info.durationMs, waveform: audioPeaks(head, WAVEFORM_BUCKETS) };
  const peaks = new WavPeakAccumulator(info, WAVEFORM_BUCKETS);
  const stream = await storage.readStream(
    media.storageKey,
    `bytes=${info.dataOffset}-${info.dataOffset + info.dataLength - 1}`,
  );
  for await (const chunk of stream) peaks.push(chunk as Uint8Array);
  return { durationMs: info.durationMs, waveform: peaks.peaks() };
}

async function decodedWaveform(
  ffmpeg: string,
  input: ToolInput,
): Promise<{ durationMs: number; waveform: number[] }> {
  const collector = new StreamPeakCollector();
  await runTool(
    ffmpeg,
    [
      ...["-hide_banner", "-loglevel", "error", "-nostdin", ...inputArgs(input)],
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

/**
 * The AAC rendition players stream (`lib/platform/media/renditions.ts`), made for every audio file when
 * ffmpeg is here: a WAV is far too large for a phone, and a lead-gated track must be playable
 * without handing out its original. Without ffmpeg, or when it fails, the original plays (a
 * failure is noted in `processingError`; the media is still ready).
 */
async function audioStream(media: MediaRow, input: ToolInput, ffmpeg: string, settings: MediaSettings) {
  return transcodeAudio(media, input, ffmpeg, settings).catch((error: unknown) => {
    console.warn("[afterglow] audio transcode failed; the original stays playable", {
      mediaId: media.id,
      error: String(error),
    });
    return null;
  });
}

function withStream(
  data: ProcessorResult["data"],
  stream: Renditions | null,
  tried: boolean,
): ProcessorResult {
  return {
    data: tried && !stream ? { ...data, processingError: MEDIA_ERRORS.transcodeFailed } : data,
    variants: stream?.variants ?? [],
    written: stream?.written ?? [],
  };
}

/** Audio: duration, a waveform (WAV read directly, other formats decoded by ffmpeg) and its AAC rendition. */
export const processAudio: MediaProcessor = async (media, settings) => {
  const ffmpeg = (await toolAvailable(settings.ffmpegPath)) ? settings.ffmpegPath : null;
  if (FILE_TYPE_RULES[media.mimeType]?.family === "wav") {
    const { durationMs, waveform } = await wavWaveform(media);
    const stream = ffmpeg
      ? await withToolInput(media, (input) => audioStream(media, input, ffmpeg, settings))
      : null;
    return withStream({ durationMs, waveform }, stream, ffmpeg !== null);
  }
  const container = await containerInfoOf(media);
  if (ffmpeg) {
    const read = await withToolInput(media, async (input) => ({
      decoded: await decodedWaveform(ffmpeg, input).catch((error: unknown) => {
        console.warn("[afterglow] audio decoding failed; keeping the container's duration", {
          mediaId: media.id,
          error: String(error),
        });
        return null;
      }),
      stream: await audioStream(media, input, ffmpeg, settings),
    }));
    const data = read.decoded
      ? { durationMs: container.durationMs ?? read.decoded.durationMs, waveform: read.decoded.waveform }
      : { durationMs: container.durationMs };
    return withStream(data, read.stream, true);
  }
  // Without a decoder there is no waveform to draw; the player shows a plain bar.
  return { data: { durationMs: container.durationMs }, variants: [], written: [] };
};
