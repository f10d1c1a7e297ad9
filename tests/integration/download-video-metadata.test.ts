import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { originalDownloadUrl } from "@/lib/features/content/manage-media";
import { processMedia } from "@/lib/platform/media/process-media";
import type { EngagementLimits } from "@/lib/platform/visitors/limits";
import { signedVisitorId } from "@/lib/platform/visitors/visitor";
import { engagementHandlers } from "@/lib/surfaces/fan-api/http";
import { missingExiftool, missingFfmpeg, titled } from "../support/tools";
import { mediaTestEnv, uploadFile, type MediaTestEnv } from "./support/media";
import { createContentRow, createEventRow, createTenant, type Tenant } from "./support/tenants";

/**
 * Issue #34, row 2, videos: an MP4 shot with a location was handed to fans as uploaded. Through
 * the real route handlers (the POST after the lead form, then the GET it points to): the fan's
 * file has no location for ffprobe or exiftool, decodes cleanly and has the original's length;
 * ranges are the patched file's; the organiser's download and a content that keeps metadata give
 * the original. ffmpeg makes the videos (moov last, and first with +faststart).
 */
const run = promisify(execFile);
const LOCATION = "+38.7223-009.1393/";

let env: MediaTestEnv;
let company: Tenant;
let gated: string;
let kept: string;
let dir: string;
let api: ReturnType<typeof engagementHandlers>;

const limits: EngagementLimits = {
  windowSeconds: 60,
  perVisitor: { like: 50, comment: 50, share: 50, download: 50, view: 50, watchTime: 50 },
  anonPerIp: 50,
};

/** A phone-like MP4: 3GPP `loci` in moov/udta and Apple's ISO 6709 key in moov/meta. */
async function shoot(name: string, faststart: boolean): Promise<Buffer> {
  const out = path.join(dir, name);
  await run("ffmpeg", [
    ...["-v", "error", "-f", "lavfi", "-i", "testsrc=d=1:s=160x120:r=10"],
    ...["-metadata", `location=${LOCATION}`, "-metadata", `com.apple.quicktime.location.ISO6709=${LOCATION}`],
    ...["-metadata", "title=Backstage by Jane", "-c:v", "libx264", "-preset", "ultrafast"],
    ...["-movflags", faststart ? "+use_metadata_tags+faststart" : "+use_metadata_tags", "-f", "mp4", out],
  ]);
  return readFile(out);
}

/** What ffprobe and exiftool say about a file, and whether ffmpeg decodes it without an error. */
async function inspect(bytes: Buffer) {
  const file = path.join(dir, `${randomUUID()}.mp4`);
  await writeFile(file, bytes);
  const probe = (await run("ffprobe", ["-v", "error", "-show_format", "-show_streams", file])).stdout;
  const exif = (await run("exiftool", ["-a", "-G1", file])).stdout;
  const decode = await run("ffmpeg", ["-v", "error", "-i", file, "-f", "null", "-"]);
  return { probe, exif, decodeErrors: decode.stderr.trim() };
}

const params = (id: string) => ({ params: Promise.resolve({ id }) });
function request(
  url: string,
  visitor: string,
  init: { body?: unknown; headers?: Record<string, string> } = {},
) {
  return new Request(new URL(url, "http://app.test"), {
    method: init.body === undefined ? "GET" : "POST",
    headers: {
      host: "app.test",
      cookie: `NEXT_LOCALE=en; ag_vid=${signedVisitorId(visitor)}`,
      ...(init.body === undefined ? {} : { "content-type": "application/json" }),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}
const lead = () => ({ name: "Ana Fan", email: `ana-${randomUUID()}@example.com`, consent: true });

/** The POST after the lead form: where the fan's browser goes next. */
async function grant(contentId: string, mediaId: string, visitor: string): Promise<string> {
  const res = await api.download(
    request(`/api/content/${contentId}/downloads`, visitor, { body: { mediaId, lead: lead() } }),
    params(contentId),
  );
  expect(res.status).toBe(200);
  return ((await res.json()) as { url: string }).url;
}

async function upload(contentId: string, name: string, bytes: Buffer): Promise<string> {
  const { completed } = await uploadFile(company.as("admin"), {
    fileName: name,
    contentType: "video/mp4",
    bytes,
    target: { type: "content", contentId },
  });
  expect(await processMedia(completed.media.id)).toMatchObject({ status: "ready" });
  return completed.media.id;
}

let atEnd: { id: string; bytes: Buffer };
let atStart: { id: string; bytes: Buffer };

/** ffmpeg makes and decodes the videos; ffprobe and exiftool read what is left in them. */
const missing = missingFfmpeg("libx264") ?? missingExiftool();

describe.skipIf(missing !== null)(titled("fans' video downloads without location", missing), () => {
  beforeAll(async () => {
    env = await mediaTestEnv();
    dir = await mkdtemp(path.join(tmpdir(), "video-meta-"));
    company = await createTenant(env.db, { plan: "professional" });
    const event = await createEventRow(env.db, company.id);
    const content = (title: string, keepPhotoMetadata: boolean) =>
      createContentRow(env.db, company.id, {
        title,
        kind: "video_gallery",
        status: "published",
        requiresLead: true,
        eventIds: [event.id],
      }).then(async (c) => {
        await env.db.content.update({ where: { id: c.id }, data: { keepPhotoMetadata } });
        return c.id;
      });
    gated = await content("Aftermovie", false);
    kept = await content("Press", true);
    api = engagementHandlers({
      limits,
      clientIp: { trustProxy: false, trustedProxies: [] },
      ipSecret: "test-secret",
      secureCookie: false,
    });
    const end = await shoot("moov-last.mp4", false);
    const start = await shoot("moov-first.mp4", true);
    atEnd = { id: await upload(gated, "IMG_0001.mp4", end), bytes: end };
    atStart = { id: await upload(gated, "IMG_0002.mp4", start), bytes: start };
  }, 120_000);
  afterAll(async () => {
    await env?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("the originals carry the location (what a fan got before)", async () => {
    for (const video of [atEnd, atStart]) {
      const { probe, exif } = await inspect(video.bytes);
      expect(probe).toContain(`com.apple.quicktime.location.ISO6709=${LOCATION}`);
      expect(exif).toMatch(/\[UserData\] +Location Information/);
      expect(exif).toMatch(/GPS Latitude/);
    }
  });

  for (const [label, video] of [
    ["moov after mdat", () => atEnd],
    ["moov first, +faststart", () => atStart],
  ] as const) {
    it(`gives the fan the video without location, decodable, its length unchanged (${label})`, async () => {
      const { id, bytes } = video();
      const visitor = randomUUID();
      const url = await grant(gated, id, visitor);
      expect(url).toMatch(new RegExp(`^/api/content/${gated}/downloads\\?t=`));
      const res = await api.videoDownload(request(url, visitor), params(gated));
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("video/mp4");
      expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="IMG_000[12]\.mp4"/);
      expect(res.headers.get("accept-ranges")).toBe("bytes");
      const got = Buffer.from(await res.arrayBuffer());
      expect(Number(res.headers.get("content-length"))).toBe(bytes.length);
      expect(got.length).toBe(bytes.length);
      expect(got.includes("Jane", 0, "latin1")).toBe(false);
      const { probe, exif, decodeErrors } = await inspect(got);
      expect(probe).not.toContain(LOCATION);
      expect(probe).not.toMatch(/TAG:.*location/i);
      expect(exif).not.toMatch(/GPS|Location/i);
      expect(decodeErrors).toBe("");
      // The same pictures: ffmpeg decodes both to identical frames.
      const frames = async (b: Buffer) => {
        const file = path.join(dir, `${randomUUID()}.mp4`);
        await writeFile(file, b);
        return (await run("ffmpeg", ["-v", "error", "-i", file, "-f", "framemd5", "-"])).stdout;
      };
      expect(await frames(got)).toBe(await frames(bytes));
    });
  }

  it("answers ranges of the patched file, those over moov patched too", async () => {
    const visitor = randomUUID();
    const url = await grant(gated, atEnd.id, visitor);
    const whole = Buffer.from(
      await (await api.videoDownload(request(url, visitor), params(gated))).arrayBuffer(),
    );
    const size = whole.length;
    for (const range of [`bytes=0-99`, `bytes=${size - 600}-`, `bytes=-300`, `bytes=100-${size - 1}`]) {
      const res = await api.videoDownload(request(url, visitor, { headers: { range } }), params(gated));
      expect(res.status).toBe(206);
      const [, from, to] = /^bytes (\d+)-(\d+)\/(\d+)$/
        .exec(res.headers.get("content-range") ?? "")!
        .map(Number);
      const got = Buffer.from(await res.arrayBuffer());
      expect(got.equals(whole.subarray(from, to! + 1))).toBe(true);
      expect(Number(res.headers.get("content-length"))).toBe(got.length);
    }
    const past = await api.videoDownload(
      request(url, visitor, { headers: { range: `bytes=${size}-` } }),
      params(gated),
    );
    expect(past.status).toBe(416);
    expect(past.headers.get("content-range")).toBe(`bytes */${size}`);
  });

  it("refuses a ticket of another visitor, another content or a forged one", async () => {
    const visitor = randomUUID();
    const url = await grant(gated, atEnd.id, visitor);
    expect((await api.videoDownload(request(url, randomUUID()), params(gated))).status).toBe(403);
    expect((await api.videoDownload(request(url, visitor), params(kept))).status).toBe(403);
    const forged = url.replace(atEnd.id, atStart.id);
    expect((await api.videoDownload(request(forged, visitor), params(gated))).status).toBe(403);
  });

  it("never hands out a file it cannot account for: the playback rendition instead", async () => {
    // Three stray bytes after the last box: players cope, the walker will not guess.
    const id = await upload(gated, "odd.mp4", Buffer.concat([atEnd.bytes, Buffer.from([1, 2, 3])]));
    const visitor = randomUUID();
    const res = await api.videoDownload(request(await grant(gated, id, visitor), visitor), params(gated));
    const row = await env.db.mediaFile.findUniqueOrThrow({ where: { id } });
    const rendition = (row.variants as { format: string; key: string }[]).find((v) => v.format === "mp4");
    expect(rendition).toBeDefined();
    expect(res.status).toBe(302);
    const got = Buffer.from(await (await fetch(res.headers.get("location")!)).arrayBuffer());
    expect(got.equals(Buffer.from(await env.store.getBytes(rendition!.key)))).toBe(true);
    expect((await inspect(got)).probe).not.toContain(LOCATION);
  });

  it("leaves the organiser's own download, and a content that keeps metadata, the original", async () => {
    const admin = await fetch(await originalDownloadUrl(company.as("admin"), atEnd.id));
    expect(Buffer.from(await admin.arrayBuffer()).equals(atEnd.bytes)).toBe(true);
    const id = await upload(kept, "press.mp4", atStart.bytes);
    const url = await grant(kept, id, randomUUID());
    expect(url).toMatch(/^https?:\/\//);
    const file = await fetch(url);
    expect(Buffer.from(await file.arrayBuffer()).equals(atStart.bytes)).toBe(true);
  });
});
