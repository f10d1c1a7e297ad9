import { describe, expect, it } from "vitest";
import {
  audioTranscodeArgs,
  renditionLadder,
  renditionSize,
  videoRenditionName,
  videoTranscodeArgs,
} from "@/lib/platform/media/renditions";
import { isMediaVariant } from "@/lib/platform/media/urls";
import { parseStoredVariants } from "@/lib/platform/media/variants";
import { playbackStreams, POSTER_MAX_WIDTH, toPublicMedia } from "@/lib/surfaces/public-site/media-mappers";
import type { MediaRow } from "@/lib/surfaces/public-site/selects";

describe("rendition ladder", () => {
  it("gives a 720p source only 720p, and a 4K source 720p and 1080p", () => {
    expect(renditionLadder(1280, 720)).toEqual([720]);
    expect(renditionLadder(1920, 1080)).toEqual([720, 1080]);
    expect(renditionLadder(3840, 2160)).toEqual([720, 1080]);
  });

  it("never enlarges: a smaller source gets one rendition at its own (even) size", () => {
    expect(renditionLadder(640, 360)).toEqual([360]);
    expect(renditionLadder(853, 481)).toEqual([480]);
    expect(renditionLadder(1600, 900)).toEqual([720]);
  });

  it("judges portrait videos by their short side", () => {
    expect(renditionLadder(1080, 1920)).toEqual([720, 1080]);
    expect(renditionLadder(720, 1280)).toEqual([720]);
  });

  it("asks for 720p (capped by the filter) when the size is unknown", () => {
    expect(renditionLadder(null, null)).toEqual([720]);
  });

  it("computes the output size the scale filter produces", () => {
    expect(renditionSize(720, 3840, 2160)).toEqual({ width: 1280, height: 720 });
    expect(renditionSize(1080, 1080, 1920)).toEqual({ width: 1080, height: 1920 });
    expect(renditionSize(720, 640, 360)).toEqual({ width: 640, height: 360 });
  });
});

describe("ffmpeg arguments", () => {
  const input = { path: "/tmp/x/original", format: "mov" };

  it("encodes every step in one run: H.264 High yuv420p, AAC, faststart, no metadata, bounded threads", () => {
    const args = videoTranscodeArgs(
      input,
      [
        { step: 720, path: "/tmp/x/h720.mp4" },
        { step: 1080, path: "/tmp/x/h1080.mp4" },
      ],
      { threads: 2 },
    );
    const joined = args.join(" ");
    // The hardened input options come first, once (one decode).
    expect(args.slice(5, 11)).toEqual([
      "-protocol_whitelist",
      "file",
      "-f",
      "mov",
      "-i",
      "file:/tmp/x/original",
    ]);
    expect(args.filter((a) => a === "-i")).toHaveLength(1);
    expect(args.filter((a) => a === "libx264")).toHaveLength(2);
    expect(joined).toContain("-profile:v high");
    expect(joined).toContain("format=yuv420p");
    expect(joined).toContain("min(720,ih)");
    expect(joined).toContain("min(1080,ih)");
    expect(args.filter((a) => a === "+faststart")).toHaveLength(2);
    expect(args.filter((a) => a === "aac")).toHaveLength(2);
    expect(joined).toContain("-map_metadata -1");
    expect(joined).toContain("-threads 2");
    expect(args.at(-1)).toBe("file:/tmp/x/h1080.mp4");
    expect(args).toContain("file:/tmp/x/h720.mp4");
  });

  it("turns audio into AAC in MP4 (m4a) with faststart", () => {
    const args = audioTranscodeArgs({ path: "/tmp/x/original", format: "wav" }, "/tmp/x/stream.m4a", {
      threads: 1,
    });
    expect(args).toEqual(
      expect.arrayContaining(["-c:a", "aac", "-vn", "+faststart", "file:/tmp/x/stream.m4a"]),
    );
    expect(args.join(" ")).toContain("-f wav -i file:/tmp/x/original");
  });

  it("names renditions so that public URLs accept them", () => {
    expect(videoRenditionName(720)).toBe("h720.mp4");
    expect(isMediaVariant("h720.mp4")).toBe(true);
    expect(isMediaVariant("h1080.mp4")).toBe(true);
    expect(isMediaVariant("stream.m4a")).toBe(true);
    expect(isMediaVariant("h720.mp4/../original")).toBe(false);
    expect(isMediaVariant("x.mp4")).toBe(false);
  });
});

describe("playback streams", () => {
  const prefix = "companies/c1/media/m1";
  const row = (kind: "video" | "audio", variants: unknown[]) =>
    ({
      id: "m1",
      kind,
      mimeType: kind === "video" ? "video/mp4" : "audio/wav",
      variants,
    }) as unknown as MediaRow;
  const mp4 = (width: number, height: number) => ({
    width,
    height,
    format: "mp4",
    key: `${prefix}/h${Math.min(width, height)}.mp4`,
    bytes: 10,
  });
  const poster = { width: 640, format: "jpeg", key: `${prefix}/poster.jpg`, bytes: 5 };

  it("keeps the rendition fields when reading variants back", () => {
    expect(parseStoredVariants([mp4(1280, 720)])).toEqual([mp4(1280, 720)]);
  });

  it("plays 720p first and offers 1080p", () => {
    const streams = playbackStreams(row("video", [poster, mp4(1920, 1080), mp4(1280, 720)]), false);
    expect(streams).toEqual([
      { url: "/api/media/m1/h720.mp4", mimeType: "video/mp4", height: 720 },
      { url: "/api/media/m1/h1080.mp4", mimeType: "video/mp4", height: 1080 },
    ]);
  });

  it("falls back to the original without renditions, unless the content is lead-gated", () => {
    expect(playbackStreams(row("video", [poster]), false)).toEqual([
      { url: "/api/media/m1/original", mimeType: "video/mp4", height: null },
    ]);
    expect(playbackStreams(row("video", [poster]), true)).toEqual([]);
  });

  it("never points gated playback at the original when a rendition exists", () => {
    for (const media of [
      row("video", [poster, mp4(1280, 720)]),
      row("audio", [{ width: 0, format: "m4a", key: `${prefix}/stream.m4a`, bytes: 3 }]),
    ]) {
      const streams = playbackStreams(media, true);
      expect(streams.length).toBe(1);
      expect(streams.every((s) => !s.url.endsWith("/original"))).toBe(true);
    }
  });
});

// URLs carry the rendition's version (`?v=`, issue #35): immutable in the browser.
describe("the video poster a player shows", () => {
  const prefix = "companies/c1/media/m1";
  const webp = (width: number) => ({ width, format: "webp", key: `${prefix}/w${width}.webp`, bytes: width });
  const frame = { width: 1920, format: "jpeg", key: `${prefix}/poster.jpg`, bytes: 200_000 };
  const video = (variants: unknown[], posterKey: string | null = frame.key) =>
    ({ id: "m1", kind: "video", mimeType: "video/mp4", variants, posterKey }) as unknown as MediaRow;

  it("is the frame's widest WebP rendition up to the cap, not the full-size JPEG", () => {
    const media = video([frame, webp(320), webp(640), webp(POSTER_MAX_WIDTH), webp(1920)]);
    expect(toPublicMedia(media, false).posterUrl).toMatch(
      new RegExp(`^/api/media/m1/w${POSTER_MAX_WIDTH}\\.webp\\?v=\\w+$`),
    );
    // Gating changes what plays, never the poster.
    expect(toPublicMedia(media, true).posterUrl).toMatch(
      new RegExp(`^/api/media/m1/w${POSTER_MAX_WIDTH}\\.webp\\?v=\\w+$`),
    );
    expect(toPublicMedia(video([frame, webp(320), webp(640)]), false).posterUrl).toMatch(
      /^\/api\/media\/m1\/w640\.webp\?v=\w+$/,
    );
  });

  it("is the JPEG frame without renditions, and nothing without a frame", () => {
    expect(toPublicMedia(video([frame]), false).posterUrl).toMatch(/^\/api\/media\/m1\/poster\?v=\w+$/);
    expect(toPublicMedia(video([webp(640)], null), false).posterUrl).toBeNull();
  });
});
