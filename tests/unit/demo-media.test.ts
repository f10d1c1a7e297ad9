import { readFile, stat } from "node:fs/promises";
import sharp from "sharp";
import { describe, expect, it, vi } from "vitest";
import { audioPeaks, parseWav } from "@/lib/platform/media/audio";
import {
  missingVariantWidths,
  parseStoredVariants,
  processImage,
  variantWidths,
  type StoredVariant,
} from "@/lib/platform/media/variants";
import { encodeWav, synthesizeSamples, synthesizeWav } from "@/scripts/lib/demo-audio";
import { concertSvg, generateLogo, generatePhoto } from "@/scripts/lib/demo-media";
import { buildPdf } from "@/scripts/lib/demo-pdf";
import { demoVideo, mp4Info, POSTER_FIXTURE, VIDEO_FIXTURE } from "@/scripts/lib/demo-video";

describe("synthesizeWav", () => {
  const wav = synthesizeWav({ seed: 7, seconds: 2, sampleRate: 22050 });

  it("writes a valid 16-bit mono PCM RIFF/WAVE header", () => {
    expect(wav.toString("ascii", 0, 4)).toBe("RIFF");
    expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
    expect(wav.toString("ascii", 8, 12)).toBe("WAVE");
    expect(wav.toString("ascii", 12, 16)).toBe("fmt ");
    expect(wav.readUInt16LE(20)).toBe(1); // PCM
    expect(wav.readUInt16LE(22)).toBe(1); // mono
    expect(wav.readUInt32LE(24)).toBe(22050);
    expect(wav.readUInt32LE(28)).toBe(22050 * 2);
    expect(wav.readUInt16LE(34)).toBe(16);
    expect(wav.toString("ascii", 36, 40)).toBe("data");
    expect(wav.readUInt32LE(40)).toBe(2 * 22050 * 2);
  });

  it("is read back with its duration", () => {
    expect(parseWav(wav)).toMatchObject({
      encoding: "pcm",
      channels: 1,
      sampleRate: 22050,
      durationMs: 2000,
    });
  });

  it("is deterministic per seed and differs between seeds", () => {
    expect(synthesizeWav({ seed: 7, seconds: 2 }).equals(wav)).toBe(true);
    expect(synthesizeWav({ seed: 8, seconds: 2 }).equals(wav)).toBe(false);
  });

  it("makes sound without clipping", () => {
    const samples = synthesizeSamples({ seed: 3, seconds: 1 });
    const peak = samples.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
    expect(peak).toBeGreaterThan(0.5);
    expect(peak).toBeLessThanOrEqual(0.9);
  });

  it("clamps out-of-range samples when encoding", () => {
    const out = encodeWav(new Float32Array([2, -2, 0]), 8000);
    expect([out.readInt16LE(44), out.readInt16LE(46), out.readInt16LE(48)]).toEqual([32767, -32768, 0]);
  });
});

describe("audioPeaks", () => {
  it("returns the requested number of peaks in 0..1, loudest = 1", () => {
    const peaks = audioPeaks(synthesizeWav({ seed: 1, seconds: 2 }), 100);
    expect(peaks).toHaveLength(100);
    expect(peaks.every((p) => p >= 0 && p <= 1)).toBe(true);
    expect(Math.max(...peaks)).toBe(1);
  });

  it("reads raw samples and follows the envelope", () => {
    const samples = new Float32Array(1000).map((_, i) => (i < 500 ? 0.2 : -0.8));
    expect(audioPeaks(samples, 2)).toEqual([0.25, 1]);
  });

  it("gives zeros for silence and rejects what is not WAV", () => {
    expect(audioPeaks(new Float32Array(10), 5)).toEqual([0, 0, 0, 0, 0]);
    expect(() => audioPeaks(new Uint8Array(64), 5)).toThrow(/RIFF/);
  });
});

describe("buildPdf", () => {
  const pdf = buildPdf({
    title: "Noite Acústica — Alinhamento",
    lines: [{ text: "1. Canção (ao vivo) \\ fim", bold: true }, { text: "2. Outra" }],
  });
  const text = pdf.toString("latin1");

  it("is a PDF 1.4 file with a trailer", () => {
    expect(pdf.subarray(0, 5).toString("ascii")).toBe("%PDF-");
    expect(text.startsWith("%PDF-1.4\n")).toBe(true);
    expect(text.trimEnd().endsWith("%%EOF")).toBe(true);
    expect(pdf.length).toBeLessThan(4000);
  });

  it("has a cross-reference table whose offsets point at their objects", () => {
    const xrefAt = Number(/startxref\n(\d+)/.exec(text)?.[1]);
    expect(text.slice(xrefAt, xrefAt + 4)).toBe("xref");
    const entries = [...text.slice(xrefAt).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(entries.length).toBe(7);
    entries.forEach((offset, i) => expect(text.slice(offset, offset + 8)).toBe(`${i + 1} 0 obj\n`));
    const length = Number(/\/Length (\d+) >>\nstream\n/.exec(text)?.[1]);
    const streamStart = text.indexOf("stream\n") + "stream\n".length;
    expect(text.slice(streamStart + length, streamStart + length + 10)).toBe("\nendstream");
  });

  it("encodes accents in WinAnsi and escapes string delimiters", () => {
    expect(text).toContain("(Noite Ac\xfastica \x97 Alinhamento)");
    expect(text).toContain("(1. Can\xe7\xe3o \\(ao vivo\\) \\\\ fim)");
  });
});

describe("processImage", () => {
  it("encodes webp and avif at 320/640/960/1280 with a blur placeholder", async () => {
    const photo = await generatePhoto({ seed: 42, theme: "festival" });
    const result = await processImage(photo, { effort: { webp: 0, avif: 0 } });
    expect(result).toMatchObject({ width: 1600, height: 1067 });
    expect(result.blurDataUrl).toMatch(/^data:image\/webp;base64,[A-Za-z0-9+/]+=*$/);
    expect(result.blurDataUrl.length).toBeLessThan(1000);
    expect(result.variants.map((v) => `${v.format}@${v.width}`).sort()).toEqual([
      "avif@1280",
      "avif@320",
      "avif@640",
      "avif@960",
      "webp@1280",
      "webp@320",
      "webp@640",
      "webp@960",
    ]);
    for (const v of result.variants) {
      const meta = await sharp(v.bytes).metadata();
      expect(meta.format).toBe(v.format === "avif" ? "heif" : "webp");
      expect(meta.width).toBe(v.width);
      expect(meta.height).toBe(Math.round((v.width * 1067) / 1600));
    }
  });

  it("applies EXIF rotation and strips the metadata", async () => {
    // 200×100 pixels stored with orientation 6: shown as 100×200 portrait.
    const input = await sharp({ create: { width: 200, height: 100, channels: 3, background: "#c04080" } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(input).metadata()).orientation).toBe(6);
    const result = await processImage(input);
    expect(result).toMatchObject({ width: 100, height: 200 });
    expect(result.variants.map((v) => v.width)).toEqual([100, 100]);
    for (const v of result.variants) {
      const meta = await sharp(v.bytes).metadata();
      expect([meta.width, meta.height]).toEqual([100, 200]);
      expect(meta.orientation).toBeUndefined();
      expect(meta.exif).toBeUndefined();
    }
  });

  it("rejects bytes that are not an image", async () => {
    await expect(processImage(Buffer.from("not an image"))).rejects.toThrow();
  });
});

describe("variantWidths", () => {
  it("never enlarges, keeps the source width between targets, skips a near twin of it", () => {
    expect(variantWidths(1600)).toEqual([320, 640, 960, 1280]);
    expect(variantWidths(1280)).toEqual([320, 640, 960, 1280]);
    expect(variantWidths(1100)).toEqual([320, 640, 960, 1100]);
    expect(variantWidths(1000)).toEqual([320, 640, 1000]);
    expect(variantWidths(960)).toEqual([320, 640, 960]);
    expect(variantWidths(660)).toEqual([320, 660]);
    expect(variantWidths(640)).toEqual([320, 640]);
    expect(variantWidths(200)).toEqual([200]);
  });
});

describe("missingVariantWidths", () => {
  const stored = (...widths: number[]): StoredVariant[] =>
    widths.flatMap((width) => [
      { width, format: "webp" as const, key: `w${width}.webp`, bytes: 1 },
      { width, format: "avif" as const, key: `w${width}.avif`, bytes: 1 },
    ]);

  it("names the widths of today's list that a row processed under an older one lacks", () => {
    // Processed before 960 was added (320, 640, 1280 and the source width between them).
    expect(missingVariantWidths(1600, stored(320, 640, 1280))).toEqual([960]);
    expect(missingVariantWidths(1100, stored(320, 640, 1100))).toEqual([960]);
    expect(missingVariantWidths(1600, stored(320, 640, 960, 1280))).toEqual([]);
  });

  it("asks for nothing the current rule would not encode, and keeps what the old rule made", () => {
    // 960 is a near twin of 1000; the old rule's 640 beside a 660 source stays and is not asked for.
    expect(missingVariantWidths(1000, stored(320, 640, 1000))).toEqual([]);
    expect(missingVariantWidths(660, stored(320, 640, 660))).toEqual([]);
  });

  it("counts a width as there only when its WebP is (the format every page offers)", () => {
    const avifOnly = stored(320, 640, 1280).concat([
      { width: 960, format: "avif", key: "w960.avif", bytes: 1 },
    ]);
    expect(missingVariantWidths(1600, avifOnly)).toEqual([960]);
    // A video's poster JPEG at the frame's width is not a rendition.
    expect(
      missingVariantWidths(1280, [{ width: 1280, format: "jpeg", key: "poster.jpg", bytes: 1 }]),
    ).toEqual([320, 640, 960, 1280]);
  });
});

describe("parseStoredVariants", () => {
  it("accepts the stored shape and refuses anything else", () => {
    const good = [{ width: 640, format: "webp", key: "k", bytes: 10 }];
    expect(parseStoredVariants(good)).toEqual(good);
    expect(parseStoredVariants([{ width: 640, format: "gif", key: "k", bytes: 10 }])).toBeNull();
    expect(parseStoredVariants({})).toBeNull();
  });
});

describe("photos and logos", () => {
  it("differ per seed, repeat per seed", async () => {
    expect(concertSvg({ seed: 1, theme: "festival" })).toBe(concertSvg({ seed: 1, theme: "festival" }));
    expect(concertSvg({ seed: 1, theme: "festival" })).not.toBe(concertSvg({ seed: 2, theme: "festival" }));
    const [a, b] = await Promise.all([
      generatePhoto({ seed: 5, theme: "acoustic", width: 480, height: 320 }),
      generatePhoto({ seed: 5, theme: "acoustic", width: 480, height: 320 }),
    ]);
    expect(a.equals(b)).toBe(true);
    expect(await sharp(a).metadata()).toMatchObject({ format: "jpeg", width: 480, height: 320 });
  });

  it("renders a square PNG logo", async () => {
    const logo = await generateLogo({
      colors: ["#ffd166", "#ff2d75"],
      background: "#1a0b24",
      mark: "sunrise",
      size: 128,
    });
    expect(await sharp(logo).metadata()).toMatchObject({ format: "png", width: 128, height: 128 });
  });
});

describe("video fixture", () => {
  it("is a small 3 s 640×360 faststart MP4 with a matching poster", async () => {
    const [mp4, poster, size] = await Promise.all([
      readFile(VIDEO_FIXTURE),
      readFile(POSTER_FIXTURE),
      stat(VIDEO_FIXTURE),
    ]);
    expect(size.size).toBeLessThan(200 * 1024);
    expect(mp4Info(mp4)).toEqual({ durationMs: 3000, width: 640, height: 360 });
    // +faststart: the index (moov) comes before the media data (mdat).
    const text = mp4.toString("latin1");
    expect(text.indexOf("moov")).toBeLessThan(text.indexOf("mdat"));
    expect(await sharp(poster).metadata()).toMatchObject({ format: "jpeg", width: 640, height: 360 });
  });
});

describe("demoVideo", () => {
  it("uses the committed fixture when ffmpeg is not on PATH", async () => {
    // ffmpegAvailable() is memoised per module instance; nothing in this file asked before.
    vi.stubEnv("PATH", "/nonexistent");
    try {
      const video = await demoVideo({
        still: () => Promise.reject(new Error("not needed without ffmpeg")),
        audio: () => {
          throw new Error("not needed without ffmpeg");
        },
      });
      expect(video.source).toBe("fixture");
      expect(video.mp4.equals(await readFile(VIDEO_FIXTURE))).toBe(true);
      expect(video.poster.equals(await readFile(POSTER_FIXTURE))).toBe(true);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
