import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET } from "@/app/api/media/[mediaId]/[variant]/route";
import { processMedia } from "@/lib/platform/media/process-media";
import { toPublicMedia } from "@/lib/surfaces/public-site/media-mappers";
import { mediaTestEnv, uploadFile, type MediaTestEnv } from "./support/media";
import { createContentRow, createEventRow, createTenant, type Tenant } from "./support/tenants";

/**
 * Issue #34 review, H1: the public media route's `original` of a video on content without the
 * lead form was a redirect to the stored file, the organiser's location (`©xyz`, Apple's ISO 6709
 * key) included. Through the route handler: it is now the file with its metadata boxes blanked,
 * from this origin, ranges included; a content that keeps metadata still gets the stored file.
 */
const run = promisify(execFile);
const LOCATION = "+38.7223-009.1393/";

let env: MediaTestEnv;
let company: Tenant;
let dir: string;
let open: { id: string; bytes: Buffer };
let kept: { id: string; bytes: Buffer };

async function shoot(): Promise<Buffer> {
  const out = path.join(dir, "clip.mp4");
  await run("ffmpeg", [
    ...["-v", "error", "-f", "lavfi", "-i", "testsrc=d=1:s=160x120:r=10"],
    ...["-metadata", `location=${LOCATION}`, "-metadata", `com.apple.quicktime.location.ISO6709=${LOCATION}`],
    ...["-c:v", "libx264", "-preset", "ultrafast", "-movflags", "+use_metadata_tags", "-f", "mp4", out],
  ]);
  return readFile(out);
}

const get = (id: string, headers: Record<string, string> = {}) =>
  GET(
    new Request(`http://app.test/api/media/${id}/original`, { headers: { host: "app.test", ...headers } }),
    {
      params: Promise.resolve({ mediaId: id, variant: "original" }),
    } as Parameters<typeof GET>[1],
  );

beforeAll(async () => {
  env = await mediaTestEnv();
  dir = await mkdtemp(path.join(tmpdir(), "public-original-"));
  company = await createTenant(env.db, { plan: "professional" });
  const event = await createEventRow(env.db, company.id);
  const bytes = await shoot();
  const place = async (keepPhotoMetadata: boolean) => {
    const content = await createContentRow(env.db, company.id, {
      title: keepPhotoMetadata ? "Press" : "Aftermovie",
      kind: "video_gallery",
      status: "published",
      requiresLead: false,
      eventIds: [event.id],
    });
    await env.db.content.update({ where: { id: content.id }, data: { keepPhotoMetadata } });
    const { completed } = await uploadFile(company.as("admin"), {
      fileName: "IMG_0001.mp4",
      contentType: "video/mp4",
      bytes,
      target: { type: "content", contentId: content.id },
    });
    expect(await processMedia(completed.media.id)).toMatchObject({ status: "ready" });
    return { id: completed.media.id, bytes };
  };
  open = await place(false);
  kept = await place(true);
}, 120_000);
afterAll(async () => {
  await env?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("the public original of a video", () => {
  it("is the file without its location, from this origin, never a redirect to the stored bytes", async () => {
    expect(open.bytes.includes(LOCATION, 0, "latin1")).toBe(true);
    const res = await get(open.id);
    expect(res.status).toBe(200);
    expect(res.headers.get("location")).toBeNull();
    expect(res.headers.get("content-type")).toBe("video/mp4");
    expect(res.headers.get("accept-ranges")).toBe("bytes");
    const got = Buffer.from(await res.arrayBuffer());
    expect(got.length).toBe(open.bytes.length);
    expect(got.includes(LOCATION, 0, "latin1")).toBe(false);
    expect(got.includes("ISO6709", 0, "latin1")).toBe(false);
  });

  it("answers ranges (players seek) of the cleaned file", async () => {
    const whole = Buffer.from(await (await get(open.id)).arrayBuffer());
    const size = whole.length;
    for (const range of ["bytes=0-1", `bytes=${size - 900}-`, "bytes=-300"]) {
      const res = await get(open.id, { range });
      expect(res.status).toBe(206);
      const [, from, to] = /^bytes (\d+)-(\d+)\/(\d+)$/
        .exec(res.headers.get("content-range") ?? "")!
        .map(Number);
      const got = Buffer.from(await res.arrayBuffer());
      expect([range, got.length, got.equals(whole.subarray(from, to! + 1))]).toEqual([
        range,
        to! - from! + 1,
        true,
      ]);
      expect(got.includes(LOCATION, 0, "latin1")).toBe(false);
    }
  });

  it("stays a redirect to the stored file on a content that keeps metadata", async () => {
    const res = await get(kept.id);
    expect(res.status).toBe(302);
    const got = Buffer.from(await (await fetch(res.headers.get("location")!)).arrayBuffer());
    expect(got.equals(kept.bytes)).toBe(true);
  });

  it("is not in the page data of a video that has playback renditions", async () => {
    const row = await env.db.mediaFile.findUniqueOrThrow({ where: { id: open.id } });
    expect((row.variants as { format: string }[]).some((v) => v.format === "mp4")).toBe(true);
    const media = toPublicMedia(row as unknown as Parameters<typeof toPublicMedia>[0], false);
    expect(media.originalUrl).toBeNull();
    expect(media.streams.length).toBeGreaterThan(0);
    expect(media.streams.every((s) => !s.url.endsWith("/original"))).toBe(true);
  });
});

describe("the public original's streams (issue #34 review, M3)", () => {
  it("hold a slot per address while they are read, freed when the reader goes", async () => {
    const { VIDEO_SLOT_LIMITS, videoStreamsInFlight } = await import("@/lib/features/engagement/video-slots");
    const held = [];
    for (let i = 0; i < VIDEO_SLOT_LIMITS.perClient; i++) {
      const res = await get(open.id, { range: "bytes=0-" });
      expect(res.status).toBe(206);
      held.push(res);
    }
    expect(videoStreamsInFlight()).toBe(VIDEO_SLOT_LIMITS.perClient);
    const refused = await get(open.id);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    for (const res of held) await res.body!.cancel();
    expect(videoStreamsInFlight()).toBe(0);
    const again = await get(open.id);
    expect(again.status).toBe(200);
    await again.arrayBuffer();
    expect(videoStreamsInFlight()).toBe(0);
  });
});
