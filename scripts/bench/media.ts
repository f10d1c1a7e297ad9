/**
 * Media benchmark, for `npm run bench` (scripts/bench/index.ts calls `runMediaBench`):
 * 1. images processed per second by the upload pipeline (`processImage`: decode once, six
 *    renditions, blur) against sharp alone doing the same renditions the plain way (one
 *    decode per rendition), on the same generated photos — as a ratio;
 * 2. upload throughput through the presigned flow (what the browser does: presigned PUT, and
 *    multipart with parallel presigned parts for large files) against a direct SDK upload to
 *    the same storage (embedded s3rver in a temp folder) — as a ratio;
 * 3. video transcoding (issue #16): a generated 10 s 1080p clip to the 720p and 1080p H.264/AAC
 *    renditions with the worker's own arguments, as a multiple of real time (`media.transcode.realtime`).
 * Run alone: `node --import tsx scripts/bench/media.ts`.
 */
import { PutObjectCommand } from "@aws-sdk/client-s3";
import { spawnSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import sharp from "sharp";
import { runTool, toolAvailable } from "@/lib/platform/media/ffmpeg";
import { renditionLadder, videoRenditionName, videoTranscodeArgs } from "@/lib/platform/media/renditions";
import { mediaSettings } from "@/lib/platform/media/settings";
import { DEFAULT_VARIANT_WIDTHS, processImage } from "@/lib/platform/media/variants";
import { MB } from "@/lib/platform/plans/limits";
import { ObjectStore } from "@/lib/core/storage/object-store";
import { createS3Client } from "@/lib/core/storage/s3-client";
import { partLength, partPlan } from "@/lib/features/uploads/part-plan";
import { generatePhoto } from "@/scripts/lib/demo-media";
import { startEmbeddedS3 } from "@/scripts/lib/embedded-s3";
import { recordFigure } from "./results";

const log = (line: string) => console.log(`[bench] media: ${line}`);
const seconds = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e9;

async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await run();
  return seconds(start);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Runs `tasks` with at most `limit` at a time. */
async function pool<T>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<unknown>,
): Promise<void> {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: Math.min(limit, queue.length) }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await task(item);
    }),
  );
}

/** The same renditions as `processImage`, the straightforward way: every one decodes the original. */
async function sharpAlone(input: Buffer): Promise<void> {
  const meta = await sharp(input).metadata();
  const width = meta.autoOrient?.width ?? meta.width ?? 0;
  const widths = DEFAULT_VARIANT_WIDTHS.filter((w) => w < width);
  const jobs = widths.flatMap((w) => [
    sharp(input, { autoOrient: true }).resize({ width: w }).webp({ quality: 78, effort: 4 }).toBuffer(),
    sharp(input, { autoOrient: true })
      .resize({ width: w })
      .avif({ quality: 52, effort: 2, chromaSubsampling: "4:2:0" })
      .toBuffer(),
  ]);
  jobs.push(
    sharp(input, { autoOrient: true }).resize(16, 16, { fit: "inside" }).webp({ quality: 50 }).toBuffer(),
  );
  await Promise.all(jobs);
}

async function imageBench(count: number, rounds: number): Promise<void> {
  const photos = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      generatePhoto({
        seed: 900 + i,
        theme: (["festival", "club", "acoustic", "backstage"] as const)[i % 4]!,
      }),
    ),
  );
  await processImage(photos[0]!); // warm-up (libvips init, codecs)
  await sharpAlone(photos[0]!);
  const ours: number[] = [];
  const plain: number[] = [];
  // Alternating rounds, so a busy machine slows both sides alike.
  for (let r = 0; r < rounds; r++) {
    ours.push(await timed(() => pool(photos, 2, (p) => processImage(p))));
    plain.push(await timed(() => pool(photos, 2, (p) => sharpAlone(p))));
  }
  const oursRate = count / median(ours);
  const plainRate = count / median(plain);
  log(
    `images: pipeline ${oursRate.toFixed(2)} images/s, sharp alone ${plainRate.toFixed(2)} images/s ` +
      `(${count} photos 1600×1067, ${DEFAULT_VARIANT_WIDTHS.length} widths × WebP and AVIF + blur each, median of ${rounds}) → ratio ${(oursRate / plainRate).toFixed(2)}`,
  );
}

/** A PUT as a browser sends it: plain HTTP with keep-alive, no SDK. Returns the ETag. */
function httpPut(
  agent: http.Agent,
  url: string,
  body: Buffer,
  headers: Record<string, string> = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: "PUT", agent, headers: { ...headers, "Content-Length": body.length } },
      (res) => {
        res.resume();
        res.on("end", () =>
          res.statusCode && res.statusCode < 300
            ? resolve(String(res.headers.etag ?? ""))
            : reject(new Error(`PUT ${res.statusCode}`)),
        );
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

async function uploadBench(rounds: number): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "afterglow-bench-"));
  const bucket = "bench";
  const s3 = await startEmbeddedS3({ directory: dir, port: 0, bucket });
  const store = new ObjectStore(
    createS3Client({
      endpoint: s3.endpoint,
      region: "us-east-1",
      bucket,
      forcePathStyle: true,
      ...s3.credentials,
    }),
    bucket,
  );
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  try {
    const small = Array.from({ length: 24 }, (_, i) => Buffer.alloc(400 * 1024, i));
    const large = Buffer.alloc(96 * MB, 7);
    let n = 0;

    // Small files, 4 at a time: presigned PUT (as the browser) vs SDK PutObject.
    const presignedSmall = () =>
      timed(() =>
        pool(small, 4, async (body) => {
          const url = await store.signedPutUrl({
            key: `p/s-${n++}`,
            contentType: "image/jpeg",
            size: body.length,
            expiresIn: 600,
          });
          await httpPut(agent, url, body, { "Content-Type": "image/jpeg" });
        }),
      );
    const directSmall = () =>
      timed(() =>
        pool(small, 4, (body) =>
          store.client.send(
            new PutObjectCommand({
              Bucket: bucket,
              Key: `d/s-${n++}`,
              Body: body,
              ContentType: "image/jpeg",
            }),
          ),
        ),
      );
    // A large file in one request: presigned PUT vs SDK PutObject.
    const presignedLarge = () =>
      timed(async () => {
        const url = await store.signedPutUrl({
          key: `p/l-${n++}`,
          contentType: "video/mp4",
          size: large.length,
          expiresIn: 600,
        });
        await httpPut(agent, url, large, { "Content-Type": "video/mp4" });
      });
    const directLarge = () =>
      timed(() =>
        store.client.send(
          new PutObjectCommand({ Bucket: bucket, Key: `d/l-${n++}`, Body: large, ContentType: "video/mp4" }),
        ),
      );
    // The same file as the browser sends large files: presigned parts, 4 in parallel.
    const presignedMultipart = () =>
      timed(async () => {
        const key = `p/m-${n++}`;
        const { partSize, partCount } = partPlan(large.length, 8 * MB);
        const uploadId = await store.createMultipartUpload(key, "video/mp4");
        const parts: { partNumber: number; etag: string }[] = [];
        await pool(
          Array.from({ length: partCount }, (_, i) => i + 1),
          4,
          async (partNumber) => {
            const url = await store.signedPartUrl({
              key,
              uploadId,
              partNumber,
              size: partLength(large.length, partSize, partNumber),
              expiresIn: 600,
            });
            parts.push({
              partNumber,
              etag: await httpPut(
                agent,
                url,
                large.subarray((partNumber - 1) * partSize, partNumber * partSize),
              ),
            });
          },
        );
        await store.completeMultipartUpload(key, uploadId, parts);
      });

    const runs: Record<string, number[]> = { ps: [], ds: [], pl: [], dl: [], pm: [] };
    for (let r = 0; r < rounds; r++) {
      runs.ps!.push(await presignedSmall());
      runs.ds!.push(await directSmall());
      runs.pl!.push(await presignedLarge());
      runs.dl!.push(await directLarge());
      runs.pm!.push(await presignedMultipart());
    }
    const [ps, ds, pl, dl, pm] = (["ps", "ds", "pl", "dl", "pm"] as const).map((k) => median(runs[k]!));
    const smallMb = small.reduce((s, b) => s + b.length, 0) / MB;
    const mbps = (mb: number, s: number) => `${(mb / s).toFixed(1)} MB/s`;
    log(
      `uploads, 24 × 400 KB (4 at a time): presigned ${mbps(smallMb, ps!)}, direct SDK ${mbps(smallMb, ds!)} → ratio ${(ds! / ps!).toFixed(2)}`,
    );
    log(
      `uploads, 96 MB in one PUT: presigned ${mbps(96, pl!)}, direct SDK ${mbps(96, dl!)} → ratio ${(dl! / pl!).toFixed(2)}`,
    );
    log(
      `uploads, 96 MB as presigned parts (8 MB × 4 parallel, what browsers do above 16 MB): ${mbps(96, pm!)} → ratio ${(dl! / pm!).toFixed(2)} ` +
        `against one SDK PUT (s3rver copies the parts again on completion; S3 does not)`,
    );
    log(
      `(median of ${rounds} rounds; embedded s3rver on loopback, so both paths share its disk-bound ceiling)`,
    );
  } finally {
    agent.destroy();
    store.client.destroy();
    await s3.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

async function transcodeBench(clipSeconds: number): Promise<void> {
  const settings = mediaSettings();
  const ffmpeg = settings.ffmpegPath;
  if (!ffmpeg || !(await toolAvailable(ffmpeg))) {
    log("video transcode: skipped (no ffmpeg)");
    recordFigure("media.transcode.realtime", null);
    return;
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), "afterglow-bench-transcode-"));
  try {
    const source = path.join(dir, "source.mp4");
    const made = spawnSync(ffmpeg, [
      ...[
        "-hide_banner",
        "-loglevel",
        "error",
        "-f",
        "lavfi",
        "-i",
        `testsrc2=size=1920x1080:rate=30:duration=${clipSeconds}`,
      ],
      ...["-f", "lavfi", "-i", `sine=frequency=440:duration=${clipSeconds}`, "-shortest"],
      ...["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-y", source],
    ]);
    if (made.status !== 0) throw new Error(`ffmpeg could not make the clip: ${made.stderr.toString()}`);
    const outputs = renditionLadder(1920, 1080).map((step) => ({
      step,
      path: path.join(dir, videoRenditionName(step)),
    }));
    const elapsed = await timed(() =>
      runTool(
        ffmpeg,
        videoTranscodeArgs({ path: source, format: "mov" }, outputs, { threads: settings.transcodeThreads }),
        {
          timeoutMs: settings.transcodeTimeoutMs,
        },
      ),
    );
    const realtime = clipSeconds / elapsed;
    log(
      `video transcode: ${clipSeconds} s of 1080p → 720p + 1080p in ${elapsed.toFixed(1)} s (${realtime.toFixed(2)}× real time)`,
    );
    recordFigure("media.transcode.realtime", realtime);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Prints the media figures; the caller (scripts/bench/run.ts) owns the rest of the bench. */
export async function runMediaBench(options: { photos?: number; rounds?: number } = {}): Promise<void> {
  await imageBench(options.photos ?? 8, options.rounds ?? 3);
  await uploadBench(options.rounds ?? 3);
  await transcodeBench(10);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runMediaBench().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
