import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { clearWithPublicCaches } from "@/lib/platform/site/public-cache-listeners";

/**
 * The front door's replay of hot public images (issue #35): a fan's first visit of an event page
 * asks for a dozen renditions, the same dozen as every other fan's, and each answer through the
 * media route (a Web Request and Response, the access check, the cache of bytes) cost the server
 * five to ten times a static file. An image answer the route gave (200, an image, public, no
 * cookie) is kept for `MEDIA_REPLAY_TTL_MS` with the exact headers and bytes written, and the same
 * URL gets them again (a matching `If-None-Match` a 304) without the route.
 *
 * As correct as the page micro-cache it sits beside (server/page-microcache.cjs), and cleared with
 * it: whatever expires a public cache tag on any instance (unpublishing, archiving, deleting,
 * making an event private: the same changes that take a page down) clears this at once, and an
 * answer that was on its way while that happened is not kept (`generation`). The key is the URL
 * alone because nothing else of the request changes a public image's answer (no cookie, no
 * language, no negotiation; ranges and other conditions go to the route).
 */
export const MEDIA_REPLAY_TTL_MS = 1000;
const MAX_ENTRIES = 2_000;
const MAX_BYTES = 64 * 1024 * 1024;
/** The largest image kept: the rendition cache's own bound (lib/surfaces/public-site/rendition-cache.ts). */
const MAX_BODY = 512 * 1024;
const MAX_KEY = 2048;

interface Entry {
  storedAt: number;
  headers: OutgoingHttpHeaders;
  etag: string | null;
  body: Buffer;
}

/** Request headers that make an answer differ from the stored one: such requests go to the route. */
const BYPASS_HEADERS = ["range", "if-range", "if-match", "if-modified-since", "if-unmodified-since"];

export class MediaReplay {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  /** Bumped by every clear: an answer started before it is not kept. */
  generation = 0;

  constructor(
    private readonly ttlMs = MEDIA_REPLAY_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** The key of a request that may be replayed, or null. */
  keyOf(req: IncomingMessage): string | null {
    if (req.method !== "GET" && req.method !== "HEAD") return null;
    const url = req.url ?? "";
    if (url.length > MAX_KEY || !url.startsWith("/api/media/")) return null;
    if (BYPASS_HEADERS.some((name) => req.headers[name] !== undefined)) return null;
    return url;
  }

  /** Writes the stored answer for the request; false when there is none (or it is too old). */
  serve(req: IncomingMessage, res: ServerResponse, key: string): boolean {
    const entry = this.entries.get(key);
    if (!entry) return false;
    if (this.now() - entry.storedAt >= this.ttlMs) {
      this.remove(key, entry);
      return false;
    }
    const ifNoneMatch = req.headers["if-none-match"];
    if (ifNoneMatch !== undefined) {
      if (!entry.etag || !matches(ifNoneMatch, entry.etag)) return false;
      const { "content-type": _type, "content-length": _length, ...headers } = entry.headers;
      res.writeHead(304, headers);
      res.end();
      return true;
    }
    res.writeHead(200, entry.headers);
    res.end(req.method === "HEAD" ? undefined : entry.body);
    return true;
  }

  /**
   * Keeps what `res` was just answered with for a GET, if it is a public image: its headers as
   * written and `body`. `generation`: the one read when the request arrived.
   */
  keep(key: string, generation: number, res: ServerResponse, body: Buffer): void {
    if (generation !== this.generation || res.statusCode !== 200) return;
    const headers = res.getHeaders();
    const type = String(headers["content-type"] ?? "");
    const cacheControl = String(headers["cache-control"] ?? "");
    if (!type.startsWith("image/") || !cacheControl.startsWith("public") || headers["set-cookie"]) return;
    if (body.length > MAX_BODY) return;
    const old = this.entries.get(key);
    if (old) this.remove(key, old);
    const etag = headers.etag === undefined ? null : String(headers.etag);
    this.entries.set(key, { storedAt: this.now(), headers, etag, body });
    this.bytes += body.length;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= MAX_ENTRIES && this.bytes <= MAX_BYTES) break;
      this.remove(oldest, entry);
    }
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  private remove(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.body.length;
  }
}

/** `If-None-Match` names this ETag (or `*`), weak or strong. */
function matches(ifNoneMatch: string, etag: string): boolean {
  const strip = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || strip(tag) === strip(etag));
}

/** The process's replay, cleared with the page micro-cache (created once per process). */
export function mediaReplay(): MediaReplay {
  const scope = globalThis as unknown as Record<symbol, unknown>;
  const key = Symbol.for("afterglow.mediaReplay");
  let replay = scope[key] as MediaReplay | undefined;
  if (!replay) {
    const created = new MediaReplay();
    replay = created;
    scope[key] = created;
    clearWithPublicCaches(created);
  }
  return replay;
}
