import "server-only";
import { audioPeaks, parseWavHead, StreamPeakCollector, WavPeakAccumulator } from "@/lib/media/audio";
import { inputArgs, runTool, toolAvailable, type ToolInput } from "@/lib/media/ffmpeg";
import { FILE_TYPE_RULES } from "@/lib/media/file-types";
import { containerInfoOf, withToolInput } from "@/lib/media/processors/source";
import {
  MEDIA_ERRORS,
  PermanentMediaError,
  type MediaProcessor,
  type MediaRow,
} from "@/lib/media/processors/types";
import { storage } from "@/lib/storage";

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

/** Audio: duration and a waveform (WAV read directly, other formats decoded by ffmpeg). */
export const processAudio: MediaProcessor = async (media, settings) => {
  if (FILE_TYPE_RULES[media.mimeType]?.family === "wav") {
    const { durationMs, waveform } = await wavWaveform(media);
    return { data: { durationMs, waveform }, variants: [], written: [] };
  }
  const container = await containerInfoOf(media);
  const ffmpeg = (await toolAvailable(settings.ffmpegPath)) ? settings.ffmpegPath : null;
  if (ffmpeg) {
    try {
      const decoded = await withToolInput(media, (input) => decodedWaveform(ffmpeg, input));
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
};
