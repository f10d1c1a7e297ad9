import { spawnSync } from "node:child_process";
import { chmod, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEDIA_ERRORS, processMedia } from "@/lib/platform/media/process-media";
import type { MediaSettings } from "@/lib/platform/media/settings";
import { parseStoredVariants } from "@/lib/platform/media/variants";
import { loadPlayerPage } from "@/lib/surfaces/public-site/load-player-page";
import { lookupMedia, mediaResponse } from "@/lib/surfaces/public-site/media-access";
import { synthesizeWav } from "@/scripts/lib/demo-audio";
import { missingFfmpeg, titled } from "@/tests/support/tools";
import { mediaTestEnv, uploadFile, type MediaTestEnv } from "./support/media";
import { createContentRow, createTenant, gatedSingle, type Tenant } from "./support/tenants";

/**
 * Playback renditions (issue #16) with the real ffmpeg and the real store: H.264/AAC MP4 at
 * 720p and 1080p, an AAC rendition of a WAV, the player's URLs pointing at them (never at a
 * gated original), range requests answered 206, and the original as the fallback without ffmpeg.
 */

const noTools = missingFfmpeg("libx264", "aac");
let env: MediaTestEnv;
let company: Tenant;
let work: string;

beforeAll(async () => {
  env = await mediaTestEnv();
  company = await createTenant(env.db, { plan: "professional" });
  work = await mkdtemp(path.join(tmpdir(), "afterglow-renditions-"));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
  await env?.close();
});

/** A short test-pattern clip with a tone, made by ffmpeg itself. */
async function clip(width: number, height: number): Promise<Buffer> {
  const file = path.join(work, `clip-${width}x${height}.mp4`);
  const made = spawnSync(
    "ffmpeg",
    [
      ...[
        "-hide_banner",
        "-loglevel",
        "error",
        "-f",
        "lavfi",
        "-i",
        `testsrc=size=${width}x${height}:rate=10:duration=1`,
      ],
      ...["-f", "lavfi", "-i", "sine=frequency=440:duration=1", "-shortest"],
      ...["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac"],
      ...["-movflags", "+faststart", "-y", "-f", "mp4", file],
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  if (made.status !== 0) throw new Error(`ffmpeg could not make the clip: ${made.stderr.toString()}`);
  return readFile(file);
}

/** ffprobe's streams of a stored object. */
async function probeStored(key: string) {
  const file = path.join(work, key.replaceAll("/", "_"));
  await writeFile(file, await env.store.getBytes(key));
  const out = spawnSync("ffprobe", [
    "-v",
    "error",
    "-print_format",
    "json",
    "-show_streams",
    "-show_format",
    file,
  ]);
  const json = JSON.parse(out.stdout.toString()) as {
    streams: {
      codec_type: string;
      codec_name: string;
      height?: number;
      pix_fmt?: string;
      profile?: string;
    }[];
    format: { format_name: string };
  };
  return json;
}

async function publishedWith(
  fileName: string,
  contentType: string,
  bytes: Uint8Array,
  options: { requiresLead: boolean; settings?: Partial<MediaSettings> },
) {
  const content = await createContentRow(env.db, company.id, {
    ...gatedSingle,
    requiresLead: options.requiresLead,
  });
  const { completed } = await uploadFile(
    company.as("admin"),
    { fileName, contentType, bytes, target: { type: "content", contentId: content.id } },
    options.settings ?? {},
  );
  const id = completed.media.id;
  await processMedia(id, options.settings ?? {});
  const row = await env.db.mediaFile.findUniqueOrThrow({ where: { id } });
  return { contentId: content.id, id, row, variants: parseStoredVariants(row.variants) ?? [] };
}

async function playerStreams(contentId: string) {
  const page = await loadPlayerPage(contentId);
  if (page?.state !== "ok") throw new Error("expected a viewable content");
  return page.content.media[0]!.streams;
}

describe("video renditions", () => {
  it.skipIf(noTools)(
    titled(
      "a 1080p source gets 720p and 1080p H.264/AAC MP4s and a poster; gated playback streams them with ranges",
      noTools,
    ),
    async () => {
      const { contentId, id, row, variants } = await publishedWith(
        "stage.mp4",
        "video/mp4",
        await clip(1920, 1080),
        {
          requiresLead: true,
        },
      );
      expect(row).toMatchObject({ state: "ready", processingError: null, width: 1920, height: 1080 });
      expect(row.posterKey).toBeTruthy();
      expect(await env.store.size(row.posterKey!)).toBeGreaterThan(1000);
      const mp4s = variants.filter((v) => v.format === "mp4").sort((a, b) => a.width - b.width);
      expect(mp4s.map((v) => [v.width, v.height, v.key.split("/").at(-1)])).toEqual([
        [1280, 720, "h720.mp4"],
        [1920, 1080, "h1080.mp4"],
      ]);
      for (const v of mp4s) {
        expect(await env.store.size(v.key)).toBe(v.bytes);
        const probed = await probeStored(v.key);
        const video = probed.streams.find((s) => s.codec_type === "video");
        expect(video).toMatchObject({
          codec_name: "h264",
          pix_fmt: "yuv420p",
          profile: "High",
          height: v.height,
        });
        expect(probed.streams.find((s) => s.codec_type === "audio")?.codec_name).toBe("aac");
        expect(probed.format.format_name).toContain("mp4");
      }
      // Every rendition's bytes are on the company's storage account with the original's.
      const bytes = (await env.db.company.findUniqueOrThrow({ where: { id: company.id } })).storageUsedBytes;
      expect(bytes).toBeGreaterThanOrEqual(row.sizeBytes + BigInt(mp4s.reduce((n, v) => n + v.bytes, 0)));

      // The player of this lead-gated video streams the 720p rendition, 1080p as a choice,
      // and no playback URL leads to the original.
      const streams = await playerStreams(contentId);
      expect(streams.map((s) => s.url)).toEqual([`/api/media/${id}/h720.mp4`, `/api/media/${id}/h1080.mp4`]);
      for (const stream of streams) {
        const lookup = await lookupMedia(id, stream.url.split("/").at(-1)!);
        expect(lookup).toMatchObject({ status: 200, contentType: "video/mp4" });
        expect(lookup.status === 200 && lookup.key).not.toBe(row.storageKey);
      }
      expect((await lookupMedia(id, "original")).status).toBe(403);

      // The played URL redirects to the store, which answers a range request with 206.
      const answer = await mediaResponse(await lookupMedia(id, "h720.mp4"));
      expect(answer.status).toBe(302);
      const ranged = await fetch(answer.headers.get("location")!, { headers: { Range: "bytes=0-99" } });
      expect(ranged.status).toBe(206);
      expect(ranged.headers.get("content-range")).toBe(`bytes 0-99/${mp4s[0]!.bytes}`);
      expect(ranged.headers.get("content-type")).toBe("video/mp4");
      expect((await ranged.arrayBuffer()).byteLength).toBe(100);
    },
  );

  it("without ffmpeg: no renditions, the original plays as before (and a gated one is not played)", async () => {
    const none = env.withSettings({ ffmpegPath: null, ffprobePath: null });
    const bytes = await readFile(path.join(process.cwd(), "prisma/seed-assets/demo-clip.mp4"));
    const open = await publishedWith("a.mp4", "video/mp4", bytes, { requiresLead: false, settings: none });
    expect(open.row).toMatchObject({ state: "ready", processingError: null });
    expect(open.variants.some((v) => v.format === "mp4")).toBe(false);
    expect((await playerStreams(open.contentId)).map((s) => s.url)).toEqual([
      `/api/media/${open.id}/original`,
    ]);

    const gated = await publishedWith("b.mp4", "video/mp4", bytes, { requiresLead: true, settings: none });
    expect(await playerStreams(gated.contentId)).toEqual([]);
  });

  it.skipIf(noTools)(
    titled(
      "a failed transcode leaves the media ready, its original playable and the error recorded",
      noTools,
    ),
    async () => {
      // An ffmpeg that answers -version and takes posters but fails every H.264 encode.
      const fake = path.join(work, "ffmpeg-no-x264");
      await writeFile(
        fake,
        `#!/bin/sh\nfor a in "$@"; do [ "$a" = libx264 ] && { echo "encoder broke" >&2; exit 1; }; done\nexec ffmpeg "$@"\n`,
      );
      await chmod(fake, 0o755);
      const broken = env.withSettings({ ffmpegPath: fake });
      const { contentId, id, row, variants } = await publishedWith(
        "c.mp4",
        "video/mp4",
        await clip(640, 360),
        {
          requiresLead: false,
          settings: broken,
        },
      );
      expect(row).toMatchObject({ state: "ready", processingError: MEDIA_ERRORS.transcodeFailed });
      expect(variants.some((v) => v.format === "mp4")).toBe(false);
      // Nothing half-written left in the media's folder.
      const keys = await env.store.listKeys(`companies/${company.id}/media/${id}/`);
      expect(keys.some((k) => k.endsWith(".mp4") && k !== row.storageKey)).toBe(false);
      expect((await playerStreams(contentId)).map((s) => s.url)).toEqual([`/api/media/${id}/original`]);
    },
  );
});

describe("audio renditions", () => {
  it.skipIf(noTools)(titled("a WAV gets an AAC rendition the gated player streams", noTools), async () => {
    const wav = synthesizeWav({ seed: 9, seconds: 2 });
    const { contentId, id, row, variants } = await publishedWith("live.wav", "audio/wav", wav, {
      requiresLead: true,
    });
    expect(row).toMatchObject({ state: "ready", processingError: null, durationMs: 2000 });
    const m4a = variants.find((v) => v.format === "m4a");
    expect(m4a?.key).toBe(`companies/${company.id}/media/${id}/stream.m4a`);
    expect(m4a!.bytes).toBeLessThan(wav.length / 2);
    const probed = await probeStored(m4a!.key);
    expect(probed.streams.map((s) => s.codec_name)).toEqual(["aac"]);
    expect(await playerStreams(contentId)).toEqual([
      { url: `/api/media/${id}/stream.m4a`, mimeType: "audio/mp4", height: null },
    ]);
    expect(await lookupMedia(id, "stream.m4a")).toMatchObject({ status: 200, contentType: "audio/mp4" });
    expect((await lookupMedia(id, "original")).status).toBe(403);
  });
});
