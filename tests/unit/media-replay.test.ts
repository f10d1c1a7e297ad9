import http from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MediaReplay, mediaReplay } from "@/server/media-replay";

/**
 * server/media-replay.ts (issue #35): the front door's replay of public image answers, behind a
 * real HTTP server whose "route" counts its calls and answers as the media route does.
 */
const require = createRequire(import.meta.url);
const { pageMicrocache } = require("../../server/page-microcache.cjs") as {
  pageMicrocache: () => { clear(): void };
};

let clock = 0;
let replay: MediaReplay;
let calls = 0;
/** What the route answers next. */
let answer: { status: number; headers: Record<string, string> } = { status: 200, headers: {} };
const imageHeaders = {
  "content-type": "image/avif",
  "cache-control": "public, max-age=31536000, s-maxage=60, immutable",
  etag: '"v1"',
};
/** Set between the replay's miss and the route's answer (a change while the answer is on its way). */
let duringRoute: (() => void) | null = null;

const server = http.createServer((req, res) => {
  const key = replay.keyOf(req);
  if (key !== null && replay.serve(req, res, key)) return;
  const generation = replay.generation;
  calls++;
  duringRoute?.();
  const body = Buffer.from(`image #${calls}`);
  for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
  res.setHeader("content-length", body.length);
  res.writeHead(answer.status);
  res.end(req.method === "HEAD" ? undefined : body);
  if (key !== null && req.method === "GET") replay.keep(key, generation, res, body);
});
let base = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  clock = 0;
  calls = 0;
  duringRoute = null;
  answer = { status: 200, headers: imageHeaders };
  replay = new MediaReplay(1000, () => clock);
});

const get = (path: string, headers: Record<string, string> = {}, method = "GET") =>
  fetch(`${base}${path}`, { method, headers });
const URL_A = "/api/media/m1/w640.avif?v=abc";

describe("the media replay", () => {
  it("answers the same URL again with the same headers and bytes, without the route, for a second", async () => {
    const first = await get(URL_A);
    const again = await get(URL_A);
    expect(calls).toBe(1);
    expect(await again.text()).toBe(await first.text());
    expect(again.headers.get("cache-control")).toBe(imageHeaders["cache-control"]);
    expect(again.headers.get("etag")).toBe('"v1"');
    const head = await get(URL_A, {}, "HEAD");
    expect([head.status, head.headers.get("content-length"), calls]).toEqual([200, "8", 1]);
    clock = 999;
    await get(URL_A);
    expect(calls).toBe(1);
    clock = 1000;
    expect(await (await get(URL_A)).text()).toBe("image #2");
    // Another URL (another version) is another answer.
    await get("/api/media/m1/w640.avif?v=other");
    expect(calls).toBe(3);
  });

  it("answers a matching If-None-Match with 304, and leaves other conditions and ranges to the route", async () => {
    await get(URL_A);
    const current = await get(URL_A, { "if-none-match": 'W/"v1"' });
    expect([current.status, current.headers.get("etag"), current.headers.get("content-type")]).toEqual([
      304,
      '"v1"',
      null,
    ]);
    expect(calls).toBe(1);
    await get(URL_A, { "if-none-match": '"v0"' });
    await get(URL_A, { range: "bytes=0-3" });
    await get(URL_A, { "if-modified-since": new Date().toUTCString() });
    expect(calls).toBe(4);
  });

  it("is cleared with the page micro-cache (a public change anywhere), and keeps no answer begun before", async () => {
    replay = mediaReplay();
    replay.clear();
    await get(URL_A);
    await get(URL_A);
    expect(calls).toBe(1);
    pageMicrocache().clear();
    await get(URL_A);
    expect(calls).toBe(2);
    // A change while the route's answer is on its way: that answer is not kept.
    duringRoute = () => pageMicrocache().clear();
    await get("/api/media/m2/w640.avif?v=abc");
    duringRoute = null;
    await get("/api/media/m2/w640.avif?v=abc");
    expect(calls).toBe(4);
  });

  it("keeps only public image answers of 200 without cookies", async () => {
    for (const headers of [
      { ...imageHeaders, "set-cookie": "a=b" },
      { ...imageHeaders, "content-type": "application/json" },
      { ...imageHeaders, "cache-control": "private, max-age=60" },
    ]) {
      answer = { status: 200, headers };
      await get(URL_A);
      await get(URL_A);
    }
    answer = { status: 404, headers: imageHeaders };
    await get(URL_A);
    await get(URL_A);
    expect(calls).toBe(8);
    expect(replay.size).toBe(0);
    // Only the public media URLs are replayed.
    answer = { status: 200, headers: imageHeaders };
    await get("/api/content/c1/engagement");
    await get("/api/content/c1/engagement");
    expect(calls).toBe(10);
  });
});
