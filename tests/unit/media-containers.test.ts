import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import {
  audioPeaks,
  parseWavHead,
  StreamPeakCollector,
  WavPeakAccumulator,
} from "@/lib/platform/media/audio";
import {
  moovInfo,
  mp3Info,
  mp4Info,
  oggInfo,
  webmInfo,
  type RangeReader,
} from "@/lib/platform/media/containers";
import { formatDuration } from "@/lib/core/format";
import { posterTimeSeconds } from "@/lib/platform/media/video";
import { synthesizeSamples, encodeWav } from "@/scripts/lib/demo-audio";
import { loadVideoFixture } from "@/scripts/lib/demo-video";
import { missingFfmpeg, titled } from "@/tests/support/tools";

const reader =
  (buf: Uint8Array): RangeReader =>
  async (start, end) =>
    buf.subarray(start, Math.min(buf.length, end + 1));

function ffmpeg(args: string[], input?: Buffer): Buffer | null {
  const r = spawnSync("ffmpeg", ["-loglevel", "error", ...args], { input, maxBuffer: 50 * 1024 * 1024 });
  return r.status === 0 && r.stdout.length > 0 ? r.stdout : null;
}

// The readers need no ffmpeg, but several fixtures are encoded with it first: a second on a
// quiet machine, past Vitest's 5 s default when the whole suite shares two cores (a WebM: 6.8 s).
describe("container headers (no ffmpeg needed)", { timeout: 30_000 }, () => {
  it("reads an MP4's duration and size through ranged reads, wherever moov sits", async () => {
    const { mp4 } = await loadVideoFixture();
    const info = await mp4Info(reader(mp4), mp4.length);
    expect(info.width).toBe(640);
    expect(info.height).toBe(360);
    expect(info.durationMs).toBeGreaterThan(2500);
    // moov at the end (no faststart): a large mdat first, then moov.
    const boxes: { type: string; start: number; size: number }[] = [];
    for (let o = 0; o < mp4.length;) {
      const size = mp4.readUInt32BE(o);
      boxes.push({ type: mp4.toString("ascii", o + 4, o + 8), start: o, size });
      o += size;
    }
    const moov = boxes.find((b) => b.type === "moov")!;
    const rest = boxes.filter((b) => b.type !== "moov");
    const reordered = Buffer.concat([
      ...rest.map((b) => mp4.subarray(b.start, b.start + b.size)),
      mp4.subarray(moov.start, moov.start + moov.size),
    ]);
    expect((await mp4Info(reader(reordered), reordered.length)).durationMs).toBe(info.durationMs);
    expect(moovInfo(mp4.subarray(moov.start, moov.start + moov.size)).width).toBe(640);
  });

  const wav = () => encodeWav(synthesizeSamples({ seed: 1, seconds: 2, sampleRate: 22050 }), 22050);
  const encodeAudio = (codec: string, format: string, extra: string[] = []) =>
    ffmpeg(["-f", "wav", "-i", "pipe:0", "-c:a", codec, ...extra, "-f", format, "pipe:1"], wav());

  for (const [label, codec] of [
    ["Ogg Vorbis", "libvorbis"],
    ["Ogg Opus", "libopus"],
  ] as const) {
    const skip = missingFfmpeg(codec);
    it.skipIf(skip)(titled(`reads an ${label} duration from its pages`, skip), async () => {
      const ogg = encodeAudio(codec, "ogg");
      expect(ogg).not.toBeNull();
      expect(Math.abs(((await oggInfo(reader(ogg!), ogg!.length)).durationMs ?? 0) - 2000)).toBeLessThan(60);
    });
  }

  const noLame = missingFfmpeg("libmp3lame");
  it.skipIf(noLame)(titled("reads an MP3 duration from its frames", noLame), async () => {
    const mp3 = encodeAudio("libmp3lame", "mp3", ["-b:a", "128k"]);
    expect(mp3).not.toBeNull();
    expect(Math.abs(((await mp3Info(reader(mp3!), mp3!.length)).durationMs ?? 0) - 2000)).toBeLessThan(150);
  });

  const noVpx = missingFfmpeg("libvpx");
  it.skipIf(noVpx)(titled("reads a WebM's frame size from its head", noVpx), async () => {
    const { mp4 } = await loadVideoFixture();
    const webm = ffmpeg(
      [
        "-f",
        "mp4",
        "-i",
        "pipe:0",
        "-t",
        "1",
        "-c:v",
        "libvpx",
        "-b:v",
        "200k",
        "-an",
        "-f",
        "webm",
        "pipe:1",
      ],
      mp4,
    );
    expect(webm).not.toBeNull();
    expect(webmInfo(webm!.subarray(0, 64 * 1024))).toMatchObject({ width: 640, height: 360 });
  });

  it("returns nothing for garbage", async () => {
    const junk = Buffer.alloc(100, 7);
    expect(await mp4Info(reader(junk), junk.length)).toEqual({ durationMs: null, width: null, height: null });
    expect(webmInfo(junk).durationMs).toBeNull();
    expect(await mp3Info(reader(junk), junk.length)).toEqual({ durationMs: null, width: null, height: null });
  });
});

describe("waveforms in a stream", () => {
  const samples = synthesizeSamples({ seed: 3, seconds: 3, sampleRate: 8000 });
  const wav = encodeWav(samples, 8000);

  it("gives the same peaks as audioPeaks whatever the chunk sizes", () => {
    const info = parseWavHead(wav.subarray(0, 100), wav.length);
    expect(info.durationMs).toBe(3000);
    const acc = new WavPeakAccumulator(info, 100);
    const data = wav.subarray(info.dataOffset);
    for (let o = 0; o < data.length; o += 777) acc.push(data.subarray(o, o + 777));
    expect(acc.peaks()).toEqual(audioPeaks(wav, 100));
  });

  it("folds decoded float samples of unknown length into buckets", () => {
    const collector = new StreamPeakCollector(64);
    const bytes = new Uint8Array(samples.buffer);
    for (let o = 0; o < bytes.length; o += 1001) collector.pushFloat32LE(bytes.subarray(o, o + 1001));
    expect(collector.samples).toBe(samples.length);
    const peaks = collector.peaks(50);
    expect(peaks).toHaveLength(50);
    expect(Math.max(...peaks)).toBe(1);
  });
});

describe("small helpers", () => {
  it("formats durations and picks poster times", () => {
    expect(formatDuration(83_000)).toBe("1:23");
    expect(formatDuration(3_723_000)).toBe("1:02:03");
    expect(posterTimeSeconds(null)).toBe(0);
    expect(posterTimeSeconds(3000)).toBe(1);
    expect(posterTimeSeconds(600_000)).toBe(60);
  });
});
