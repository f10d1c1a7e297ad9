import sharp from "sharp";
import type { ContainerInfo } from "@/lib/platform/media/containers";
import { inputArgs, runTool, type ToolInput } from "@/lib/platform/media/ffmpeg";

/** ffprobe's view of a local file: duration and the first video stream's size. */
export async function probeMedia(ffprobe: string, input: ToolInput): Promise<ContainerInfo> {
  const out = await runTool(
    ffprobe,
    ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", ...inputArgs(input)],
    { timeoutMs: 60_000, maxStdoutBytes: 4 * 1024 * 1024 },
  );
  const json = JSON.parse(out.toString("utf8")) as {
    format?: { duration?: string };
    streams?: { codec_type?: string; width?: number; height?: number; duration?: string }[];
  };
  const video = json.streams?.find((s) => s.codec_type === "video" && s.width && s.height);
  const seconds = Number(json.format?.duration ?? video?.duration ?? NaN);
  return {
    durationMs: Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) : null,
    width: video?.width ?? null,
    height: video?.height ?? null,
  };
}

/** Where to take the poster: a tenth in (past fades from black), at least the first second, at most a minute. */
export function posterTimeSeconds(durationMs: number | null): number {
  if (!durationMs || durationMs <= 0) return 0;
  const seconds = durationMs / 1000;
  return Math.min(60, Math.max(seconds * 0.1, Math.min(1, seconds / 2)));
}

/** One frame as a JPEG (at most 1920 px wide), seeking to `atSeconds`. */
export async function extractPoster(ffmpeg: string, input: ToolInput, atSeconds: number): Promise<Buffer> {
  const grab = (at: number) =>
    runTool(
      ffmpeg,
      [
        ...["-hide_banner", "-loglevel", "error", "-nostdin"],
        ...["-ss", at.toFixed(3), ...inputArgs(input)],
        ...["-frames:v", "1", "-vf", "scale='min(1920,iw)':-2", "-q:v", "3"],
        ...["-f", "image2", "-c:v", "mjpeg", "pipe:1"],
      ],
      { timeoutMs: 120_000, maxStdoutBytes: 32 * 1024 * 1024 },
    );
  let frame = await grab(atSeconds);
  // Seeking past the last keyframe of a very short clip gives no frame: take the first.
  if (frame.length === 0 && atSeconds > 0) frame = await grab(0);
  if (frame.length === 0) throw new Error("ffmpeg produced no frame");
  return frame;
}

/**
 * A poster for a video whose frames cannot be read here (no ffmpeg): a dark gradient in a
 * colour derived from `seed`, with a play symbol, at the video's aspect ratio when known.
 */
export async function placeholderPoster(
  seed: string,
  size: { width?: number | null; height?: number | null } = {},
) {
  let hash = 0;
  for (const ch of seed) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  const hue = hash % 360;
  const width = 1280;
  const ratio = size.width && size.height ? size.height / size.width : 9 / 16;
  const height = Math.max(160, Math.min(2560, Math.round(width * ratio)));
  const r = Math.round(Math.min(width, height) * 0.09);
  const cx = width / 2;
  const cy = height / 2;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><radialGradient id="g" cx="50%" cy="45%" r="75%">
    <stop offset="0" stop-color="hsl(${hue},70%,32%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},60%,8%)"/>
  </radialGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <circle cx="${cx}" cy="${cy}" r="${r * 1.6}" fill="rgba(255,255,255,0.14)" stroke="rgba(255,255,255,0.55)" stroke-width="${Math.max(2, r / 10)}"/>
  <path d="M ${cx - r * 0.55} ${cy - r * 0.8} L ${cx + r * 0.85} ${cy} L ${cx - r * 0.55} ${cy + r * 0.8} Z" fill="rgba(255,255,255,0.9)"/>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
}
