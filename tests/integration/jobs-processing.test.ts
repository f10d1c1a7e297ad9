import { spawnSync } from "node:child_process";
import type PgBoss from "pg-boss";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MediaJobData } from "@/lib/core/queue/queues";
import { handleMediaJob } from "@/lib/surfaces/workers/worker";
import { processMedia } from "@/lib/platform/media/process-media";
import type { MediaSettings } from "@/lib/platform/media/settings";
import { parseStoredVariants } from "@/lib/platform/media/variants";
import { synthesizeWav } from "@/scripts/lib/demo-audio";
import { generatePhoto } from "@/scripts/lib/demo-media";
import { loadVideoFixture } from "@/scripts/lib/demo-video";
import { missingFfmpeg, titled } from "@/tests/support/tools";
import { mediaTestEnv, uploadFile, type MediaTestEnv } from "./support/media";
import { createTenant, createContentRow, type Tenant } from "./support/tenants";

let env: MediaTestEnv;
let company: Tenant;
let contentId: string;

beforeAll(async () => {
  env = await mediaTestEnv();
  company = await createTenant(env.db, { plan: "starter" });
  contentId = (await createContentRow(env.db, company.id)).id;
});
afterAll(() => env?.close());

async function upload(
  fileName: string,
  contentType: string,
  bytes: Uint8Array,
  settings: Partial<MediaSettings> = {},
) {
  const { completed } = await uploadFile(
    company.as("admin"),
    { fileName, contentType, bytes, target: { type: "content", contentId } },
    settings,
  );
  return completed.media.id;
}

const usedBytes = async () =>
  (await env.db.company.findUniqueOrThrow({ where: { id: company.id } })).storageUsedBytes;

/** A pg-boss job as the worker receives it. */
const job = (mediaId: string, retryCount = 0, retryLimit = 3) =>
  ({
    id: "job",
    name: "media-image",
    data: { mediaId },
    retryCount,
    retryLimit,
  }) as unknown as PgBoss.JobWithMetadata<MediaJobData>;

describe("image processing", () => {
  it("stores WebP and AVIF renditions at several widths, a blur placeholder and the size; counts their bytes", async () => {
    const photo = await generatePhoto({ seed: 21, theme: "festival" });
    const id = await upload("stage.jpg", "image/jpeg", photo);
    const before = await usedBytes();

    expect(await processMedia(id)).toEqual({ status: "ready", companyId: company.id, contentId });

    const row = await env.db.mediaFile.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ state: "ready", width: 1600, height: 1067, processingError: null });
    expect(row.blurDataUrl).toMatch(/^data:image\/webp;base64,/);
    const variants = parseStoredVariants(row.variants) ?? [];
    expect(variants.map((v) => `${v.width}.${v.format}`).sort()).toEqual(
      [
        "1280.avif",
        "1280.webp",
        "960.avif",
        "960.webp",
        "320.avif",
        "320.webp",
        "640.avif",
        "640.webp",
      ].sort(),
    );
    for (const v of variants) {
      expect(v.key.startsWith(`companies/${company.id}/media/${id}/`)).toBe(true);
      expect(await env.store.size(v.key)).toBe(v.bytes);
    }
    const added = variants.reduce((sum, v) => sum + BigInt(v.bytes), 0n);
    expect(await usedBytes()).toBe(before + added);
    // The first ready photo becomes the cover.
    expect((await env.db.content.findUniqueOrThrow({ where: { id: contentId } })).coverMediaId).toBe(id);

    // A second delivery of the same job changes nothing.
    expect(await processMedia(id)).toEqual({ status: "skipped" });
    expect(await usedBytes()).toBe(before + added);
  });

  it("fails a file that decodes as nothing, with a reason, without retrying", async () => {
    // Valid JPEG magic bytes, then garbage: passes the type check, fails decoding.
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5000, 0x41)]);
    const id = await upload("broken.jpg", "image/jpeg", broken);
    await handleMediaJob(job(id));
    expect(await env.db.mediaFile.findUniqueOrThrow({ where: { id } })).toMatchObject({
      state: "failed",
      processingError: "media.errors.unreadable",
    });
  });

  it("retries errors that may pass, and marks the media failed after the last attempt", async () => {
    const photo = await generatePhoto({ seed: 22, theme: "club" });
    const id = await upload("x.jpg", "image/jpeg", photo);
    const row = await env.db.mediaFile.findUniqueOrThrow({ where: { id } });
    // The original vanishes from storage: a storage error, worth retrying.
    await env.store.client.send(
      new (await import("@aws-sdk/client-s3")).DeleteObjectCommand({
        Bucket: env.store.bucket,
        Key: row.storageKey,
      }),
    );
    await expect(handleMediaJob(job(id, 0))).rejects.toThrow();
    expect((await env.db.mediaFile.findUniqueOrThrow({ where: { id } })).state).toBe("processing");
    await expect(handleMediaJob(job(id, 3))).rejects.toThrow();
    expect(await env.db.mediaFile.findUniqueOrThrow({ where: { id } })).toMatchObject({
      state: "failed",
      processingError: "media.errors.processingFailed",
    });
  });
});

describe("video processing", () => {
  const noFfmpeg = missingFfmpeg();
  it.skipIf(noFfmpeg)(
    titled("reads the duration and takes a poster frame with ffmpeg", noFfmpeg),
    async () => {
      const { mp4 } = await loadVideoFixture();
      const id = await upload("clip.mp4", "video/mp4", mp4);
      await processMedia(id);
      const row = await env.db.mediaFile.findUniqueOrThrow({ where: { id } });
      expect(row.state).toBe("ready");
      expect(row.durationMs).toBeGreaterThan(2500);
      expect(row.durationMs).toBeLessThan(3500);
      expect(row).toMatchObject({ width: 640, height: 360 });
      expect(row.posterKey).toBe(`companies/${company.id}/media/${id}/poster.jpg`);
      const poster = Buffer.from(await env.store.getBytes(row.posterKey!));
      expect(poster.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
      // ffmpeg's frame has the clip's size; the placeholder would be 1280 wide.
      expect(await sharp(poster).metadata()).toMatchObject({ width: 640, height: 360 });
      const variants = parseStoredVariants(row.variants) ?? [];
      expect(variants.some((v) => v.format === "jpeg" && v.key === row.posterKey)).toBe(true);
      expect(variants.filter((v) => v.format === "webp").length).toBeGreaterThanOrEqual(2);
    },
  );

  it("without ffmpeg: a generated placeholder poster and the duration from the MP4 boxes, never an error", async () => {
    const noFfmpeg = env.withSettings({ ffmpegPath: null, ffprobePath: null });
    const { mp4 } = await loadVideoFixture();
    const id = await upload("clip.mp4", "video/mp4", mp4, noFfmpeg);
    await processMedia(id, noFfmpeg);
    const row = await env.db.mediaFile.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ state: "ready", width: 640, height: 360 });
    expect(row.durationMs).toBeGreaterThan(2500);
    expect(await env.store.size(row.posterKey!)).toBeGreaterThan(1000);
    expect(row.blurDataUrl).toMatch(/^data:image\/webp/);
  });

  it("with a broken ffmpeg: still ready, with a placeholder", async () => {
    const broken = env.withSettings({ ffmpegPath: "/bin/false", ffprobePath: "/bin/false" });
    const { mp4 } = await loadVideoFixture();
    const id = await upload("clip.mp4", "video/mp4", mp4, broken);
    await processMedia(id, broken);
    expect((await env.db.mediaFile.findUniqueOrThrow({ where: { id } })).state).toBe("ready");
  });
});

describe("audio processing", () => {
  it("reads a WAV's duration and draws its waveform", async () => {
    const wav = synthesizeWav({ seed: 5, seconds: 4 });
    const id = await upload("live.wav", "audio/wav", wav);
    await processMedia(id);
    const row = await env.db.mediaFile.findUniqueOrThrow({ where: { id } });
    expect(row.state).toBe("ready");
    expect(row.durationMs).toBe(4000);
    const peaks = row.waveform as number[];
    expect(peaks).toHaveLength(100);
    expect(Math.max(...peaks)).toBe(1);
    expect(peaks.every((p) => p >= 0 && p <= 1)).toBe(true);
  });

  const noVorbis = missingFfmpeg("libvorbis");
  it.skipIf(noVorbis)(titled("decodes compressed audio with ffmpeg for its waveform", noVorbis), async () => {
    const wav = synthesizeWav({ seed: 6, seconds: 2 });
    const encoded = spawnSync(
      "ffmpeg",
      ["-loglevel", "error", "-f", "wav", "-i", "pipe:0", "-f", "ogg", "-c:a", "libvorbis", "pipe:1"],
      {
        input: wav,
        maxBuffer: 10 * 1024 * 1024,
      },
    );
    expect(encoded.status).toBe(0);
    const id = await upload("live.ogg", "audio/ogg", encoded.stdout);
    await processMedia(id);
    const row = await env.db.mediaFile.findUniqueOrThrow({ where: { id } });
    expect(row.state).toBe("ready");
    expect(Math.abs((row.durationMs ?? 0) - 2000)).toBeLessThan(150);
    expect(row.waveform as number[]).toHaveLength(100);

    // Without ffmpeg: the duration from the Ogg pages, no waveform, still ready.
    const plain = env.withSettings({ ffmpegPath: null, ffprobePath: null });
    const id2 = await upload("live2.ogg", "audio/ogg", encoded.stdout, plain);
    await processMedia(id2, plain);
    const row2 = await env.db.mediaFile.findUniqueOrThrow({ where: { id: id2 } });
    expect(row2.state).toBe("ready");
    expect(Math.abs((row2.durationMs ?? 0) - 2000)).toBeLessThan(150);
    expect(row2.waveform).toBeNull();
  });
});
