import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { gzipSync } from "node:zlib";
import {
  MAX_BODY_BYTES,
  type ContentRouteHandler,
  type engagementHandlers,
} from "@/lib/surfaces/fan-api/http";
import { apiHeaders } from "@/lib/core/http/response-headers";
import type { FanAnswer } from "@/lib/surfaces/fan-api/answer";
import type { MediaRouteHandlers } from "@/lib/surfaces/public-site/media-routes";
import { mediaReplay } from "./media-replay";

/**
 * The front door: the fans' per-view engagement calls (the player's state, likes, views,
 * shares, watch time, comments) answered by the production server (server/next-server.mjs)
 * without Next.js's router, the proxy's matcher and the route runtime in front of them. A like
 * is a few milliseconds of our own work; Next.js's per-request machinery around it cost more
 * than the like itself, and a festival crowd sends thousands a second (issue #16).
 *
 * The same handlers as the route files in app/api/content/[id]/ (`engagementRoutes`: visitor
 * cookie, origin check, body cap, limits, the one error mapper) answer here, given the same
 * Web Request, and the answer carries the headers next.config.ts gives every API answer
 * (lib/core/http/response-headers.ts). Anything else, and every request under `next dev`, goes to
 * Next.js as before. Registered on globalThis by instrumentation.ts, because that is where
 * Next.js's build makes the app's modules loadable in the server process.
 *
 * It answers the public media URLs (`/api/media/…`: a gallery's photos, posters, logos,
 * banners) too, with the route files' handlers (lib/surfaces/public-site/media-routes.ts): a
 * fan's first visit asks for a dozen of them, each a database check and, once warm, bytes from
 * memory (issue #35); Next.js's router in front of that cost more than the answer itself.
 */
type Method = "GET" | "POST";
type EngagementHandlers = ReturnType<typeof engagementHandlers>;
type Routes = Readonly<Record<string, Partial<Record<Method, ContentRouteHandler>>>>;

/**
 * `/api/content/{id}/{action}` → the handler per method: the route files' exports
 * (tests/unit/front-door-routes.test.ts holds the two together).
 */
export const routesOf = (api: EngagementHandlers): Routes => ({
  engagement: { GET: api.summary },
  like: { POST: api.like },
  views: { POST: api.view },
  shares: { POST: api.share },
  "watch-time": { POST: api.watchTime },
  comments: { GET: api.listComments, POST: api.postComment },
});

/** Exactly one path segment for the id (Next.js matches `[id]` the same way); any query. */
const CONTENT_API_PATH = /^\/api\/content\/([^/?#]+)\/([a-z-]+)(?:\?|$)/;

interface FrontDoorRoute {
  handler: ContentRouteHandler;
  contentId: string;
}

/** A public media URL's handler and params (a handler of `MediaRouteHandlers`, untyped here). */
interface MediaRoute {
  handler: (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
  params: Record<string, string>;
}

/**
 * A dynamic segment as Next.js gives it to a handler (decoded), or null when Next.js must decide
 * (a malformed escape, a path step, an empty segment, a slash inside).
 */
function segmentOf(raw: string): string | null {
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  return value === "" || value === "." || value === ".." || value.includes("/") ? null : value;
}

/**
 * `/api/media/…` as Next.js routes app/api/media/**: the static `logo` and `banner` folders
 * before `[mediaId]`; GET (and HEAD, which Next.js answers with GET's handler). Anything else
 * is left to Next.js.
 */
export function mediaRouteOf(
  media: MediaRouteHandlers,
  method: string | undefined,
  url: string | undefined,
): MediaRoute | null {
  if ((method !== "GET" && method !== "HEAD") || !url?.startsWith("/api/media/")) return null;
  const end = url.search(/[?#]/);
  const parts = url.slice("/api/media/".length, end === -1 ? undefined : end).split("/");
  const segments = parts.map(segmentOf);
  if (segments.some((segment) => segment === null)) return null;
  const [first, second, third] = segments as string[];
  const route = (handler: MediaRoute["handler"], params: Record<string, string>): MediaRoute => ({
    handler,
    params,
  });
  // The static folders are matched on the raw segment, as Next.js does (`%6Cogo` is a media id).
  if (parts[0] === "banner" && segments.length === 3)
    return route(media.bannerRendition as MediaRoute["handler"], { eventId: second!, rendition: third! });
  if (segments.length !== 2) return null;
  if (parts[0] === "logo") return route(media.logo as MediaRoute["handler"], { companyId: second! });
  if (parts[0] === "banner") return route(media.banner as MediaRoute["handler"], { eventId: second! });
  return route(media.media as MediaRoute["handler"], { mediaId: first!, variant: second! });
}

/** The handler for this request, or null when Next.js must answer it. */
function routeOf(routes: Routes, method: string | undefined, url: string | undefined): FrontDoorRoute | null {
  if ((method !== "GET" && method !== "POST") || !url) return null;
  const match = CONTENT_API_PATH.exec(url);
  const handler = match && Object.hasOwn(routes, match[2]!) ? routes[match[2]!]![method] : undefined;
  if (!handler) return null;
  let contentId: string;
  try {
    // Next.js decodes a dynamic segment; a malformed escape is left to it (its 400).
    contentId = decodeURIComponent(match![1]!);
  } catch {
    return null;
  }
  // `.` and `..` are path steps Next.js resolves before routing (`/api/content/../like` is
  // `/api/like`), not ids; nor is anything with a slash in it. Left to Next.js as well.
  if (contentId === "." || contentId === ".." || contentId.includes("/")) return null;
  return { handler, contentId };
}

/**
 * The request's URL, or null when Next.js must refuse it: a Host no URL can be built from, or
 * one with credentials in it (a Web Request cannot carry those).
 */
function requestUrl(req: IncomingMessage): URL | null {
  const url = URL.parse(`http://${req.headers.host ?? "localhost"}${req.url}`);
  return url && !url.username && !url.password ? url : null;
}

/** Per-connection and framing headers describe the Node request, not the Web one built from it. */
const HOP_HEADERS = new Set(["connection", "keep-alive", "transfer-encoding", "content-length", "upgrade"]);

/** A body of at most 16 KB that has not arrived by then is not coming: 408, and the connection closes. */
const BODY_TIMEOUT_MS = 10_000;

class BodyTimeout extends Error {}
/** The client closed the connection before its body ended: nobody to answer, nothing to log. */
class ClientGone extends Error {}

/**
 * The body, at most `MAX_BODY_BYTES + 1` bytes: the handler's cap (`readJsonBody`) then refuses
 * a longer one with its 413; the rest is never read (the connection is closed after the answer).
 */
function readBody(req: IncomingMessage, timeoutMs: number): Promise<{ body: Buffer; truncated: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const timer = setTimeout(() => reject(new BodyTimeout()), timeoutMs);
    const settle = (outcome: { body: Buffer; truncated: boolean }) => {
      clearTimeout(timer);
      resolve(outcome);
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        req.off("data", onData);
        req.pause();
        settle({ body: Buffer.concat(chunks, size).subarray(0, MAX_BODY_BYTES + 1), truncated: true });
      }
    };
    req.on("data", onData);
    req.once("end", () => settle({ body: Buffer.concat(chunks, size), truncated: false }));
    // A client gone before the end of its body (`aborted`, a reset): no answer to give.
    const gone = () => {
      clearTimeout(timer);
      reject(new ClientGone());
    };
    req.once("error", gone);
    req.once("close", gone); // after `end`, the promise is settled already
  });
}

async function webRequest(
  req: IncomingMessage,
  url: string,
  bodyTimeoutMs: number,
): Promise<{ request: Request; truncated: boolean }> {
  // From `req.headers`, as Next.js builds its Request: that is where the preload
  // (server/client-address-preload.mjs) has put the X-Forwarded-For the limits trust —
  // `rawHeaders` still hold what the client sent — and where Node has already merged
  // duplicates by its rules (one Host, cookies joined).
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || HOP_HEADERS.has(name)) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  // As Next.js does (base-server): the socket's address when no proxy said who the client is.
  // The preload has already set it unless TRUST_PROXY.
  if (!headers.has("x-forwarded-for") && req.socket.remoteAddress)
    headers.set("x-forwarded-for", req.socket.remoteAddress);
  if (req.method !== "POST")
    return { request: new Request(url, { method: req.method, headers }), truncated: false };
  const declared = Number(req.headers["content-length"] ?? 0);
  // A declared length over the cap is refused (413) without reading (readCappedBytes checks it first).
  if (declared > MAX_BODY_BYTES) headers.set("content-length", String(declared));
  const { body, truncated } =
    declared > MAX_BODY_BYTES
      ? { body: Buffer.alloc(0), truncated: true }
      : await readBody(req, bodyTimeoutMs);
  return { request: new Request(url, { method: "POST", headers, body: new Uint8Array(body) }), truncated };
}

/**
 * The threshold of the compressor in front of Next.js (server/next-server.mjs, `compression`'s
 * default): smaller answers are sent as they are.
 */
export const COMPRESS_FROM_BYTES = 1024;

/** gzip, unless the client refuses it (`gzip;q=0`) or did not ask for it. */
function acceptsGzip(req: IncomingMessage): boolean {
  const accepted = req.headers["accept-encoding"] ?? "";
  return accepted.split(",").some((entry) => {
    const [coding = "", ...params] = entry.split(";").map((part) => part.trim().toLowerCase());
    return (coding === "gzip" || coding === "*") && !params.some((p) => /^q=0(\.0*)?$/.test(p));
  });
}

/** The API's fixed headers (next.config.ts gives them to every API answer, errors included). */
function setApiHeaders(res: ServerResponse): void {
  for (const { key, value } of apiHeaders) res.setHeader(key, value);
  res.setHeader(FRONT_DOOR_HEADER, "1");
}

/**
 * Writes the handler's answer the way Next.js would: the API's fixed headers, then the handler's
 * own, gzipped from 1 KB (a page of comments) when the client takes it. A `JsonAnswer`'s text is
 * written as it is (lib/surfaces/fan-api/answer.ts); a Response is read first.
 */
async function send(
  req: IncomingMessage,
  res: ServerResponse,
  answer: FanAnswer,
  closeAfter: boolean,
): Promise<Buffer> {
  const { status, headers, body } =
    answer instanceof Response
      ? {
          status: answer.status,
          headers: [...answer.headers].filter(([key]) => key !== "set-cookie"),
          body: Buffer.from(await answer.arrayBuffer()),
        }
      : { status: answer.status, headers: answer.headers, body: Buffer.from(answer.body) };
  const cookies =
    answer instanceof Response
      ? answer.headers.getSetCookie()
      : answer.headers.filter(([key]) => key.toLowerCase() === "set-cookie").map(([, value]) => value);
  setApiHeaders(res);
  if (!(answer instanceof Response)) res.setHeader("content-type", "application/json");
  for (const [key, value] of headers) if (key.toLowerCase() !== "set-cookie") res.setHeader(key, value);
  if (cookies.length > 0) res.setHeader("set-cookie", cookies);
  if (req.method === "HEAD") {
    // The handler's Content-Length is the GET's; no body follows.
    res.writeHead(status);
    res.end();
    return Buffer.alloc(0);
  }
  // Images are compressed already (`compression` leaves them as they are too).
  const contentType = res.getHeader("content-type");
  const compressible = !(typeof contentType === "string" && contentType.startsWith("image/"));
  if (compressible) res.setHeader("vary", "Accept-Encoding");
  let sent = body;
  if (
    compressible &&
    body.length >= COMPRESS_FROM_BYTES &&
    !res.hasHeader("content-encoding") &&
    acceptsGzip(req)
  ) {
    // Synchronous: a JSON answer of a few kilobytes takes well under a millisecond.
    sent = gzipSync(body);
    res.setHeader("content-encoding", "gzip");
  }
  res.setHeader("content-length", sent.length);
  if (closeAfter) res.setHeader("connection", "close");
  res.writeHead(status);
  res.end(sent);
  return sent;
}

/** An answer of the front door's own (the handlers map every error of theirs). */
function fail(res: ServerResponse, status: 408 | 500): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  setApiHeaders(res);
  res.writeHead(status, { "content-type": "text/plain", "cache-control": "no-store", connection: "close" });
  res.end(status === 408 ? "Request Timeout" : "Internal Server Error");
}

/** Marks the front door's answers (as `x-afterglow-replay` marks the page micro-cache's). */
export const FRONT_DOOR_HEADER = "x-afterglow-front-door";

export interface FrontDoor {
  /** Answers the request if it is one of the front door's; false leaves it to Next.js. */
  serve(req: IncomingMessage, res: ServerResponse): boolean;
}

export function frontDoor(
  api: EngagementHandlers,
  { bodyTimeoutMs = BODY_TIMEOUT_MS, media }: { bodyTimeoutMs?: number; media?: MediaRouteHandlers } = {},
): FrontDoor {
  const routes = routesOf(api);
  return {
    serve(req, res) {
      const mediaRoute = media ? mediaRouteOf(media, req.method, req.url) : null;
      if (mediaRoute) return serveMedia(req, res, mediaRoute);
      const route = routeOf(routes, req.method, req.url);
      const url = route && requestUrl(req);
      if (!route || !url) return false;
      void (async () => {
        try {
          const { request, truncated } = await webRequest(req, url.href, bodyTimeoutMs);
          // The handler's JSON answer as it is, when it gives one (answer.ts); else its Response.
          const handle = route.handler.answer ?? route.handler;
          const answer = await handle(request, { params: Promise.resolve({ id: route.contentId }) });
          await send(req, res, answer, truncated);
        } catch (error) {
          if (error instanceof BodyTimeout) return fail(res, 408);
          if (error instanceof ClientGone) return void res.destroy();
          // A failure outside the handlers' error mapper (the database gone, say).
          console.error(`front door: failed to handle ${req.method} ${req.url}`, error);
          fail(res, 500);
        }
      })();
      return true;
    },
  };
}

/**
 * A public media URL: a GET without a body, answered by its handler, or by the replay of the
 * same URL's image answer of the last second (server/media-replay.ts).
 */
function serveMedia(req: IncomingMessage, res: ServerResponse, route: MediaRoute): boolean {
  const url = requestUrl(req);
  if (!url) return false;
  const replay = mediaReplay();
  const key = replay.keyOf(req);
  if (key !== null && replay.serve(req, res, key)) return true;
  const generation = replay.generation;
  void (async () => {
    try {
      const { request } = await webRequest(req, url.href, BODY_TIMEOUT_MS);
      const response = await route.handler(request, { params: Promise.resolve(route.params) });
      if (!isBufferedMedia(response)) return await sendStream(req, res, response);
      const body = await send(req, res, response, false);
      if (key !== null && req.method === "GET") replay.keep(key, generation, res, body);
    } catch (error) {
      console.error(`front door: failed to handle ${req.method} ${req.url}`, error);
      fail(res, 500);
    }
  })();
  return true;
}

/**
 * Images (from the rendition cache, a few hundred KB at most) and the JSON of an error are sent
 * whole; anything else the media routes answer — a video's or audio's original with its metadata
 * blanked, whole or one range — is streamed as it comes, never buffered or gzipped.
 */
function isBufferedMedia(response: Response): boolean {
  const type = response.headers.get("content-type") ?? "";
  return response.body === null || type.startsWith("image/") || type.startsWith("application/json");
}

/** Writes a streamed answer: the API's fixed headers, the handler's own, then the body as it comes. */
async function sendStream(req: IncomingMessage, res: ServerResponse, response: Response): Promise<void> {
  setApiHeaders(res);
  response.headers.forEach((value, key) => {
    if (key !== "set-cookie") res.setHeader(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("set-cookie", cookies);
  res.writeHead(response.status);
  if (req.method === "HEAD" || !response.body) {
    await response.body?.cancel();
    res.end();
    return;
  }
  // A reader gone mid-way ends the pipeline, which cancels the handler's stream (its slot is freed).
  await pipeline(Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>), res).catch(() => {
    res.destroy();
  });
}

/** The slot server/next-server.mjs reads (a symbol: no other code can collide with it). */
export const FRONT_DOOR = Symbol.for("afterglow.frontDoor");

/** Called once by instrumentation.ts in the Node.js server, with the app's handlers. */
export function openFrontDoor(api: EngagementHandlers, media: MediaRouteHandlers): void {
  (globalThis as unknown as Record<symbol, FrontDoor>)[FRONT_DOOR] = frontDoor(api, { media });
}
