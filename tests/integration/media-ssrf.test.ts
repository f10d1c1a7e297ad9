/**
 * Issue #12 hole 1: a file that starts with an ID3 tag and holds an HLS playlist passed as MP3,
 * and ffmpeg, given a URL, skipped the tag, picked the HLS demuxer and fetched every address
 * listed. A listener started here stands for those addresses: it must receive nothing.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { processMedia } from "@/lib/platform/media/process-media";
import { missingFfmpeg, titled } from "@/tests/support/tools";
import { mediaTestEnv, rejection, uploadFile, type MediaTestEnv } from "./support/media";
import { createContentRow, createTenant, type Tenant } from "./support/tenants";

let env: MediaTestEnv;
let company: Tenant;
let contentId: string;
let server: Server;
const hits: string[] = [];
let connections = 0;

beforeAll(async () => {
  env = await mediaTestEnv();
  company = await createTenant(env.db, { plan: "professional" });
  contentId = (await createContentRow(env.db, company.id)).id;
  server = createServer((req, res) => {
    hits.push(req.url ?? "");
    // One request per connection: the probe below must open a new one each time.
    res.setHeader("connection", "close");
    res.end("#EXTM3U\n");
  });
  server.on("connection", () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
});
beforeEach(() => {
  hits.length = 0;
  connections = 0;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await env?.close();
});

function playlistBehindId3(): Buffer {
  const { port } = server.address() as AddressInfo;
  const segment = (n: number) => `#EXTINF:1.0,\nhttp://127.0.0.1:${port}/segment-${n}.ts\n`;
  const playlist = `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:1\n${segment(1)}${segment(2)}#EXT-X-ENDLIST\n`;
  return Buffer.concat([Buffer.from("ID3\x03\0\0\0\0\0\0", "latin1"), Buffer.from(playlist)]);
}

describe("a playlist dressed as an MP3", () => {
  it("is refused when the upload completes: no audio frame follows the ID3 tag", async () => {
    const error = await rejection(
      uploadFile(company.as("admin"), {
        fileName: "track.mp3",
        contentType: "audio/mpeg",
        bytes: playlistBehindId3(),
        target: { type: "content", contentId },
      }),
    );
    expect(error).toMatchObject({ code: "validation", messageKey: "uploads.errors.contentMismatch" });
    expect(hits).toEqual([]);
  });

  // Defence in depth: even a file that reached the worker is read as a local file with the
  // demuxer of its verified type, so ffmpeg never opens a network address.
  // Without ffmpeg the worker fails before any demuxer runs: nothing fetched, nothing proven.
  const noFfmpeg = missingFfmpeg();
  it.skipIf(noFfmpeg).each([
    ["audio", "audio/mpeg", "mp3", "mp3 @"],
    ["video", "video/mp4", "mp4", "mov,mp4"],
  ] as const)(
    titled("makes ffmpeg fetch nothing when it reaches the %s worker", noFfmpeg),
    async (kind, mimeType, ext, demuxer) => {
      const bytes = playlistBehindId3();
      const row = await env.db.mediaFile.create({
        data: {
          companyId: company.id,
          contentId,
          kind,
          storageKey: `companies/${company.id}/media/ssrf-${kind}/original.${ext}`,
          originalName: `x.${ext}`,
          mimeType,
          sizeBytes: BigInt(bytes.length),
          state: "processing",
        },
      });
      await env.store.put(row.storageKey, bytes, mimeType);
      // Not swallowed: the worker must finish, and ffmpeg must really have read the file, as a
      // local file with the demuxer of its verified type, and refused it (its own words, logged).
      const warned = vi.spyOn(console, "warn").mockImplementation(() => undefined);
      let ffmpegSaid: string[];
      try {
        await processMedia(row.id);
      } finally {
        ffmpegSaid = warned.mock.calls.map((call) => String((call[1] as { error?: unknown })?.error ?? ""));
        warned.mockRestore();
      }
      expect(ffmpegSaid.some((said) => said.includes(`ffmpeg exited with 1: [${demuxer}`))).toBe(true);
      expect(ffmpegSaid.some((said) => /file:\/\S+\/original\b/.test(said))).toBe(true);
      expect(
        await env.db.mediaFile.findUnique({ where: { id: row.id }, select: { processingError: true } }),
      ).toEqual({
        processingError: "media.errors.transcodeFailed",
      });
      // ffmpeg has exited by now, so any connection it opened waits in the listener's queue ahead
      // of this probe: once the probe is answered, every earlier one has been accepted and read.
      const { port } = server.address() as AddressInfo;
      expect(await (await fetch(`http://127.0.0.1:${port}/probe`)).text()).toBe("#EXTM3U\n");
      expect(connections).toBe(1);
      expect(hits).toEqual(["/probe"]);
    },
  );
});
