import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { frontDoor } from "@/server/front-door";
import type { engagementHandlers } from "@/lib/surfaces/fan-api/http";
import type { MediaRouteHandlers } from "@/lib/surfaces/public-site/media-routes";

/**
 * A video's original answered by the front door (cleaned of its metadata, whole or one range) is
 * streamed as it comes: the old `send` read the whole body into memory and gzipped it, so a
 * multi-gigabyte video would have been buffered before its first byte left (found merging #35's
 * media routes with #34's cleaned originals).
 */
const noApi = {} as ReturnType<typeof engagementHandlers>;
let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

function serve(handler: () => Promise<Response>): Promise<string> {
  const media = { media: handler, logo: handler, banner: handler, bannerRendition: handler };
  const door = frontDoor(noApi, { media: media as unknown as MediaRouteHandlers });
  server = http.createServer((req, res) => {
    if (!door.serve(req, res)) res.writeHead(404).end();
  });
  return new Promise((resolve) =>
    server!.listen(0, "127.0.0.1", () =>
      resolve(`http://127.0.0.1:${(server!.address() as AddressInfo).port}`),
    ),
  );
}

describe("the front door's media answers", () => {
  it("stream a video as it comes, neither buffered nor gzipped, with the handler's status and length", async () => {
    const first = new Uint8Array(4096).fill(7);
    let cancelled = false;
    const base = await serve(async () => {
      // One chunk, then nothing more: only a streamed answer reaches the client before the end.
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(first);
        },
        cancel() {
          cancelled = true;
        },
      });
      return new Response(body, {
        status: 206,
        headers: {
          "Content-Type": "video/mp4",
          "Content-Length": "1000000",
          "Content-Range": "bytes 0-999999/2000000",
        },
      });
    });
    const controller = new AbortController();
    const response = await fetch(`${base}/api/media/m1/original`, {
      headers: { "Accept-Encoding": "gzip" },
      signal: controller.signal,
    });
    expect(response.status).toBe(206);
    expect(response.headers.get("content-encoding")).toBeNull();
    expect(response.headers.get("content-length")).toBe("1000000");
    const reader = response.body!.getReader();
    const { value } = await reader.read();
    expect(value?.[0]).toBe(7);
    controller.abort();
    // The reader gone: the handler's stream is cancelled (its slot and store socket freed).
    await expect.poll(() => cancelled, { timeout: 5000 }).toBe(true);
  });

  it("still send an image whole", async () => {
    const base = await serve(
      async () => new Response(new Uint8Array(2048).fill(1), { headers: { "Content-Type": "image/avif" } }),
    );
    const response = await fetch(`${base}/api/media/m1/w640.avif`, {
      headers: { "Accept-Encoding": "gzip" },
    });
    expect(response.headers.get("content-length")).toBe("2048");
    expect(response.headers.get("content-encoding")).toBeNull();
    expect((await response.arrayBuffer()).byteLength).toBe(2048);
  });
});
