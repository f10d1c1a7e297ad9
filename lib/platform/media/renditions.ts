import { inputArgs, type ToolInput } from "@/lib/platform/media/ffmpeg";

/**
 * Playback renditions of videos and audio (issue #16): what phones play, while the original
 * stays for download only. Pure: the ladder and ffmpeg's arguments; the processors run them.
 */

/** Video steps by their short side (720p, 1080p); a source is never enlarged. */
export const VIDEO_LADDER: readonly number[] = [720, 1080];

/** The rendition played by default: 720p, or the only one a smaller source has. */
export const DEFAULT_STREAM_HEIGHT = 720;

/** Bitrate caps per step (kbit/s): CRF decides the quality, the cap keeps a 4G stream steady. */
const MAX_RATE_KBPS: Record<number, number> = { 720: 3000, 1080: 6000 };

const even = (n: number) => Math.max(2, Math.floor(n / 2) * 2);

/**
 * The steps to encode for a source of `width`×`height` (its short side decides, so portrait
 * phone videos get the same ladder): every step the source reaches, or one step at the
 * source's own size when it is smaller than the first. Unknown size: 720p, capped by the
 * scale filter so a small source is still not enlarged.
 */
export function renditionLadder(width: number | null, height: number | null): number[] {
  if (!width || !height) return [DEFAULT_STREAM_HEIGHT];
  const short = Math.min(width, height);
  const steps = VIDEO_LADDER.filter((step) => step <= short);
  return steps.length > 0 ? steps : [even(short)];
}

/** The output size of step `step` for a source of known size (the scale filter's arithmetic). */
export function renditionSize(
  step: number,
  width: number,
  height: number,
): { width: number; height: number } {
  const short = Math.min(width, height);
  const target = even(Math.min(step, short));
  const long = even(Math.round((Math.max(width, height) * target) / short));
  return width >= height ? { width: long, height: target } : { width: target, height: long };
}

/** Object name of a video rendition beside its original: `h720.mp4`. */
export function videoRenditionName(step: number): `h${number}.mp4` {
  return `h${step}.mp4`;
}

/** Object name of the audio rendition: AAC in an MP4 container. */
export const AUDIO_RENDITION_NAME = "stream.m4a";

/**
 * Scales the short side to `step` (never up), keeping the ratio with even dimensions, and
 * converts to 8-bit 4:2:0, the only chroma format every phone's H.264 decoder takes.
 */
function scaleFilter(step: number): string {
  const side = (dim: "iw" | "ih") => `trunc(min(${step},${dim})/2)*2`;
  return `scale=w='if(gte(iw,ih),-2,${side("iw")})':h='if(gte(iw,ih),${side("ih")},-2)',format=yuv420p`;
}

export interface TranscodeLimits {
  /** Encoder threads per output: the worker shares its machine with the app. */
  threads: number;
}

/**
 * One ffmpeg run that decodes the source once and writes every step: H.264 High (CRF 23,
 * capped bitrate, at most 60 fps), AAC stereo, `+faststart` so playback starts before the
 * whole file arrives, no metadata copied (the original's tags and GPS stay with it).
 */
export function videoTranscodeArgs(
  input: ToolInput,
  outputs: readonly { step: number; path: string }[],
  limits: TranscodeLimits,
): string[] {
  const args = ["-hide_banner", "-loglevel", "error", "-nostdin", "-y", ...inputArgs(input)];
  for (const { step, path } of outputs) {
    const rate = MAX_RATE_KBPS[step] ?? MAX_RATE_KBPS[DEFAULT_STREAM_HEIGHT]!;
    args.push(
      ...["-map", "0:v:0", "-map", "0:a:0?", "-vf", scaleFilter(step), "-fpsmax", "60"],
      ...["-c:v", "libx264", "-preset", "veryfast", "-profile:v", "high", "-crf", "23"],
      ...["-maxrate", `${rate}k`, "-bufsize", `${rate * 2}k`, "-threads", String(limits.threads)],
      ...["-c:a", "aac", "-b:a", "128k", "-ac", "2"],
      ...["-map_metadata", "-1", "-movflags", "+faststart", "-f", "mp4", `file:${path}`],
    );
  }
  return args;
}

/** An AAC rendition of an audio file (a WAV is far too large to stream to a phone). */
export function audioTranscodeArgs(input: ToolInput, path: string, limits: TranscodeLimits): string[] {
  return [
    ...["-hide_banner", "-loglevel", "error", "-nostdin", "-y", ...inputArgs(input)],
    ...["-map", "0:a:0", "-vn", "-c:a", "aac", "-b:a", "192k", "-threads", String(limits.threads)],
    // Mono stays mono; anything wider is folded to stereo.
    ...["-af", "aformat=channel_layouts=mono|stereo"],
    ...["-map_metadata", "-1", "-movflags", "+faststart", "-f", "mp4", `file:${path}`],
  ];
}
