import type { IncomingMessage, ServerResponse } from "node:http";
import { MAX_BODY_BYTES, type ContentRouteHandler, type engagementHandlers } from "@/lib/engagement/http";
import { apiHeaders } from "@/lib/http/response-headers";

/**
 * The front door: the fans' per-view engagement calls (the player's state, likes, views,
 * shares, watch time, comments) answered by the production server (scripts/lib/next-server.mjs)
 * without Next.js's router, the proxy's matcher and the route runtime in front of them. A like
 * is a few milliseconds of our own work; Next.js's per-request machinery around it cost more
 * than the like itself, and a festival crowd sends thousands a second (issue #16).
 *
 * The same handlers as the route files in app/api/content/[id]/ (`engagementRoutes`: visitor
 * cookie, origin check, body cap, limits, the one error mapper) answer here, given the same
 * Web Request, and the answer carries the headers next.config.ts gives every API answer
 * (lib/http/response-headers.ts). Anything else, and every request under `next dev`, goes to
 * Next.js as before. Registered on globalThis by instrumentation.ts, because that is where
 * Next.js's build makes the app's modules loadable in the server process.
 */
type Method = "GET" | "POST";
type EngagementHandlers = ReturnType<typeof engagementHandlers>;
type Routes = Readonly<Record<string, Partial<Record<Method, ContentRouteHandler>>>>;

/** `/api/content/{id}/{action}` → the handler per method: the route files' exports. */
const routesOf = (api: EngagementHandlers): Routes => ({
  engagement: { GET: api.summary },
  like: { POST: api.like },
  views: { POST: api.view },
  shares: { POST: api.share },
  "watch-time": { POST: api.watchTime },
  comments: { GET: api.listComments, POST: api.postComment },
});

/** Exactly one path segment for the id (Next.js matches `[id]` the same way); any query. */
const CONTENT_API_PATH = /^\/api\/content\/([^/?#]+)\/([a-z-]+)(?:\?|$)/;

export interface FrontDoorRoute {
  handler: ContentRouteHandler;
  contentId: string;
}

/** The handler for this request, or null when Next.js must answer it. */
function routeOf(routes: Routes, method: string | undefined, url: string | undefined): FrontDoorRoute | null {
  if ((method !== "GET" && method !== "POST") || !url) return null;
  const match = CONTENT_API_PATH.exec(url);
  const handler = match && Object.hasOwn(routes, match[2]!) ? routes[match[2]!]![method] : undefined;
  if (!handler) return null;
  try {
    // Next.js decodes a dynamic segment; a malformed escape is left to it (its 400).
    return { handler, contentId: decodeURIComponent(match![1]!) };
  } catch {
    return null;
  }
}

/** Per-connection and framing headers describe the Node request, not the Web one built from it. */
const HOP_HEADERS = new Set(["connection", "keep-alive", "transfer-encoding", "content-length", "upgrade"]);

/**
 * The body, at most `MAX_BODY_BYTES + 1` bytes: the handler's cap (`readJsonBody`) then refuses
 * a longer one with its 422; the rest is never read (the connection is closed after the answer).
 */
function readBody(req: IncomingMessage): Promise<{ body: Buffer; truncated: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        req.off("data", onData);
        req.pause();
        resolve({ body: Buffer.concat(chunks, size).subarray(0, MAX_BODY_BYTES + 1), truncated: true });
      }
    };
    req.on("data", onData);
    req.once("end", () => resolve({ body: Buffer.concat(chunks, size), truncated: false }));
    req.once("error", reject);
    // A client gone before the end of its body: no answer to give (`end` came first otherwise).
    req.once("close", () => reject(new Error("the request closed before its body ended")));
  });
}

async function webRequest(
  req: IncomingMessage,
  url: string,
): Promise<{ request: Request; truncated: boolean }> {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    if (!HOP_HEADERS.has(raw[i]!.toLowerCase())) headers.append(raw[i]!, raw[i + 1]!);
  }
  // As Next.js does (base-server): the socket's address when no proxy said who the client is.
  // The preload (scripts/lib/client-address-preload.mjs) has already set it unless TRUST_PROXY.
  if (!headers.has("x-forwarded-for") && req.socket.remoteAddress)
    headers.set("x-forwarded-for", req.socket.remoteAddress);
  if (req.method !== "POST")
    return { request: new Request(url, { method: req.method, headers }), truncated: false };
  const declared = Number(req.headers["content-length"] ?? 0);
  // A declared length over the cap is refused without reading (readCappedText checks it first).
  if (declared > MAX_BODY_BYTES) headers.set("content-length", String(declared));
  const { body, truncated } =
    declared > MAX_BODY_BYTES ? { body: Buffer.alloc(0), truncated: true } : await readBody(req);
  return { request: new Request(url, { method: "POST", headers, body: new Uint8Array(body) }), truncated };
}

/** Writes `response` the way Next.js would: the API's fixed headers, then the handler's own. */
async function send(res: ServerResponse, response: Response, closeAfter: boolean): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  for (const { key, value } of apiHeaders) res.setHeader(key, value);
  response.headers.forEach((value, key) => {
    if (key !== "set-cookie") res.setHeader(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("set-cookie", cookies);
  res.setHeader("content-length", body.length);
  if (closeAfter) res.setHeader("connection", "close");
  res.writeHead(response.status);
  res.end(body);
}

/** Marks the front door's answers (as `x-afterglow-replay` marks the page micro-cache's). */
export const FRONT_DOOR_HEADER = "x-afterglow-front-door";

export interface FrontDoor {
  /** Answers the request if it is one of the front door's; false leaves it to Next.js. */
  serve(req: IncomingMessage, res: ServerResponse): boolean;
}

export function frontDoor(api: EngagementHandlers): FrontDoor {
  const routes = routesOf(api);
  return {
    serve(req, res) {
      const route = routeOf(routes, req.method, req.url);
      const url = `http://${req.headers.host ?? "localhost"}${req.url}`;
      // A Host no URL can be built from is Next.js's to refuse, as for any other path.
      if (!route || !URL.canParse(url)) return false;
      void (async () => {
        let closeAfter = false;
        try {
          const { request, truncated } = await webRequest(req, url);
          closeAfter = truncated;
          const response = await route.handler(request, { params: Promise.resolve({ id: route.contentId }) });
          res.setHeader(FRONT_DOOR_HEADER, "1");
          await send(res, response, closeAfter);
        } catch (error) {
          // The handlers map their own errors; this is a request that broke before (a reset socket).
          console.error(`front door: failed to handle ${req.method} ${req.url}`, error);
          if (!res.headersSent) {
            res.writeHead(500, { "content-type": "text/plain", connection: "close" });
            res.end("Internal Server Error");
          } else res.destroy();
        }
      })();
      return true;
    },
  };
}

/** The slot scripts/lib/next-server.mjs reads (a symbol: no other code can collide with it). */
export const FRONT_DOOR = Symbol.for("afterglow.frontDoor");

/** Called once by instrumentation.ts in the Node.js server, with the app's handlers. */
export function openFrontDoor(api: EngagementHandlers): void {
  (globalThis as unknown as Record<symbol, FrontDoor>)[FRONT_DOOR] = frontDoor(api);
}
