import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The demo seed's video: a short MP4 and its poster made with ffmpeg, or the committed fixture. */

export interface VideoFiles {
  mp4: Buffer;
  /** JPEG of a frame from the middle of the clip. */
  poster: Buffer;
}

export interface DemoVideo extends VideoFiles {
  source: "ffmpeg" | "fixture";
}

const FIXTURE_DIR = fileURLToPath(new URL("../../prisma/seed-assets/", import.meta.url));
export const VIDEO_FIXTURE = path.join(FIXTURE_DIR, "demo-clip.mp4");
export const POSTER_FIXTURE = path.join(FIXTURE_DIR, "demo-poster.jpg");

function run(command: string, args: readonly string[], timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("error", (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`${command} exited with ${signal ?? code}: ${stderr.trim()}`));
    });
  });
}

let ffmpegCheck: Promise<boolean> | undefined;

/** Whether an ffmpeg with the H.264 encoder is on PATH (checked once per process). */
export function ffmpegAvailable(): Promise<boolean> {
  ffmpegCheck ??= new Promise((resolve) => {
    const child = spawn("ffmpeg", ["-hide_banner", "-encoders"], { stdio: ["ignore", "pipe", "ignore"] });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.on("error", () => resolve(false));
    child.on("close", (code) => resolve(code === 0 && out.includes("libx264")));
  });
  return ffmpegCheck;
}

/**
 * Renders a short 640×360 H.264/AAC clip from a still photo (slow zoom, light colour
 * drifting, a strobe-like brightness pulse) over a WAV soundtrack, plus its poster frame.
 * `+faststart` puts the index first so browsers can start playing before the end arrives.
 */
export async function renderVideo(options: {
  still: Buffer;
  audio: Buffer;
  seconds?: number;
}): Promise<VideoFiles> {
  const seconds = options.seconds ?? 3;
  const fps = 30;
  const dir = await mkdtemp(path.join(os.tmpdir(), "afterglow-video-"));
  try {
    const still = path.join(dir, "still.jpg");
    const audio = path.join(dir, "audio.wav");
    const mp4 = path.join(dir, "clip.mp4");
    const poster = path.join(dir, "poster.jpg");
    await Promise.all([writeFile(still, options.still), writeFile(audio, options.audio)]);
    const filter = [
      `[0:v]scale=1280:720:force_original_aspect_ratio=increase,crop=1280:720,`,
      `zoompan=z='1+0.0012*on':x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':d=1:s=640x360:fps=${fps},`,
      `hue=h='30*sin(2*PI*t/${seconds})',eq=brightness='0.05*sin(2*PI*t*2)':eval=frame,`,
      `format=yuv420p,split[v][p];[p]select='eq(n\\,${Math.floor((seconds * fps) / 2)})'[poster]`,
    ].join("");
    // -bitexact keeps encoder version strings and timestamps out, so reruns give equal bytes.
    await run(
      "ffmpeg",
      [
        ...["-hide_banner", "-loglevel", "error", "-y"],
        ...["-loop", "1", "-framerate", String(fps), "-t", String(seconds), "-i", still],
        ...["-i", audio, "-filter_complex", filter],
        ...["-map", "[v]", "-map", "1:a", "-t", String(seconds)],
        ...[
          "-c:v",
          "libx264",
          "-preset",
          "veryfast",
          "-crf",
          "27",
          "-profile:v",
          "main",
          "-pix_fmt",
          "yuv420p",
        ],
        ...[
          "-c:a",
          "aac",
          "-b:a",
          "96k",
          "-movflags",
          "+faststart",
          "-fflags",
          "+bitexact",
          "-map_metadata",
          "-1",
          mp4,
        ],
        ...["-map", "[poster]", "-frames:v", "1", "-q:v", "3", poster],
      ],
      60_000,
    );
    const [mp4Bytes, posterBytes] = await Promise.all([readFile(mp4), readFile(poster)]);
    return { mp4: mp4Bytes, poster: posterBytes };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function loadVideoFixture(): Promise<VideoFiles> {
  const [mp4, poster] = await Promise.all([readFile(VIDEO_FIXTURE), readFile(POSTER_FIXTURE)]);
  return { mp4, poster };
}

/** A clip from ffmpeg when it is installed and works, else the committed fixture. */
export async function demoVideo(
  options: { still: () => Promise<Buffer>; audio: () => Buffer; seconds?: number },
  log: (m: string) => void = () => undefined,
): Promise<DemoVideo> {
  if (await ffmpegAvailable()) {
    try {
      return {
        ...(await renderVideo({
          still: await options.still(),
          audio: options.audio(),
          seconds: options.seconds,
        })),
        source: "ffmpeg",
      };
    } catch (err) {
      log(`ffmpeg failed, using the fixture clip: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return { ...(await loadVideoFixture()), source: "fixture" };
}

/**
 * Duration and frame size of an MP4 read from its boxes: `moov/mvhd` (timescale and
 * duration) and each `moov/trak/tkhd` (width and height as 16.16 fixed point; audio
 * tracks say 0×0). Avoids needing ffprobe to fill `durationMs`, `width` and `height`.
 */
export function mp4Info(buf: Uint8Array): { durationMs: number; width: number; height: number } {
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const type = (o: number) => String.fromCharCode(...buf.subarray(o + 4, o + 8));
  const boxes = (start: number, end: number) => {
    const found: Array<{ type: string; body: number; end: number }> = [];
    for (let o = start; o + 8 <= end;) {
      let size = view.getUint32(o);
      let header = 8;
      if (size === 1) {
        size = Number(view.getBigUint64(o + 8));
        header = 16;
      } else if (size === 0) size = end - o;
      if (size < header) break;
      found.push({ type: type(o), body: o + header, end: Math.min(end, o + size) });
      o += size;
    }
    return found;
  };

  const moov = boxes(0, buf.length).find((b) => b.type === "moov");
  if (!moov) throw new Error("MP4 has no moov box");
  const inMoov = boxes(moov.body, moov.end);
  const mvhd = inMoov.find((b) => b.type === "mvhd");
  if (!mvhd) throw new Error("MP4 has no mvhd box");
  const v1 = view.getUint8(mvhd.body) === 1;
  const timescale = view.getUint32(mvhd.body + (v1 ? 20 : 12));
  const duration = v1 ? Number(view.getBigUint64(mvhd.body + 24)) : view.getUint32(mvhd.body + 16);

  let width = 0;
  let height = 0;
  for (const trak of inMoov.filter((b) => b.type === "trak")) {
    const tkhd = boxes(trak.body, trak.end).find((b) => b.type === "tkhd");
    if (!tkhd) continue;
    const sizeAt = tkhd.body + (view.getUint8(tkhd.body) === 1 ? 88 : 76);
    width = Math.max(width, view.getUint32(sizeAt) / 65536);
    height = Math.max(height, view.getUint32(sizeAt + 4) / 65536);
  }
  return { durationMs: timescale ? Math.round((duration / timescale) * 1000) : 0, width, height };
}
