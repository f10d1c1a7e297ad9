import type { z } from "zod";
import { AppError, parseOrThrow } from "@/lib/core/errors";

/**
 * The request side shared by the app's endpoints (engagement API, upload API, admin routes,
 * marketing forms, the Stripe webhook, Better Auth): the origin check of cookie-carrying
 * writes, the body-size cap (the one body reader: every route that reads a body reads it
 * here, within its cap) and JSON parsing. Failures are AppErrors, answered by the one mapper.
 */

const unsafeMethods = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function originOf(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null; // "null" (sandboxed frames, files)
  }
}

/**
 * A write must come from our own site. A JSON body cannot be sent cross-site without a
 * preflight; this check closes the rest (forms, `no-cors`). Public endpoints compare the
 * origin's host with the request's (tenant hosts are many); admin routes, which the session
 * cookie authenticates, accept only the app's `trusted` origins. Safe methods and requests
 * without an Origin header (same-origin GETs, server-side callers) pass.
 */
export function assertSameOrigin(
  request: Request,
  options: { messageKey: string; trusted?: readonly string[] },
): void {
  const origin = request.headers.get("origin");
  if (!origin || !unsafeMethods.has(request.method)) return;
  const allowed = options.trusted
    ? options.trusted.includes(origin)
    : originOf(origin)?.host === request.headers.get("host");
  if (!allowed) throw new AppError("forbidden", options.messageKey);
}

/**
 * The one answer to a body over its route's cap: 413, and the connection closes (the mapper, for
 * `too_large`) so the rest of the body is never received.
 */
export function bodyTooLarge(): AppError {
  return new AppError("too_large", "validation.requestTooLarge");
}

export interface JsonBodyOptions {
  /** Larger bodies are refused (413) before they are parsed: by their declared length, unread. */
  maxBytes: number;
  /** i18n key of the 422 for a body that is not JSON or malformed. */
  messageKey: string;
  /** An empty body reads as `{}` (a like or a view needs none); otherwise it is refused. */
  allowEmpty?: boolean;
  /**
   * A body that is not JSON reads as `{}` too, so the schema's 422 names the missing fields
   * (the upload API answers a broken body like an empty form). Size is still capped.
   */
  lenient?: boolean;
}

/**
 * The body's bytes, reading at most `maxBytes`: a declared length over the cap is refused before
 * anything is read; a chunked body declares no length, so the stream is counted as it arrives
 * and cancelled as soon as it passes the cap — an oversized body is never held in memory. Null
 * when it is too large.
 */
export async function readCappedBytes(
  request: Request,
  maxBytes: number,
): Promise<Uint8Array<ArrayBuffer> | null> {
  if (Number(request.headers.get("content-length") ?? 0) > maxBytes) return null;
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}

/** The body as text within `maxBytes` (see `readCappedBytes`); null when it is too large. */
export async function readCappedText(request: Request, maxBytes: number): Promise<string | null> {
  const bytes = await readCappedBytes(request, maxBytes);
  return bytes && Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8");
}

/** The body as text within `maxBytes`, or the 413 of `bodyTooLarge` (a raw body: a signed webhook). */
export async function readBodyText(request: Request, maxBytes: number): Promise<string> {
  const text = await readCappedText(request, maxBytes);
  if (text === null) throw bodyTooLarge();
  return text;
}

/**
 * The same request with its body read within `maxBytes` and held in memory, for a library that
 * reads the body itself (Better Auth): it gets at most the cap, never the client's stream. The
 * 413 of `bodyTooLarge` when the body is over it; a request without a body is returned as is.
 */
export async function withCappedBody(request: Request, maxBytes: number): Promise<Request> {
  if (!request.body) return request;
  const bytes = await readCappedBytes(request, maxBytes);
  if (!bytes) throw bodyTooLarge();
  const headers = new Headers(request.headers);
  // The framing described the client's stream; the new body is a known length.
  headers.delete("content-length");
  headers.delete("transfer-encoding");
  return new Request(request.url, {
    method: request.method,
    headers,
    body: bytes,
    signal: request.signal,
    redirect: request.redirect,
  });
}

/** The request's JSON body, within the size cap (declared and actual length: 413 past it). */
export async function readJsonBody(request: Request, options: JsonBodyOptions): Promise<unknown> {
  const refuse = () => new AppError("validation", options.messageKey);
  const text = await readBodyText(request, options.maxBytes);
  if (!text.trim() && (options.allowEmpty || options.lenient)) return {};
  const malformed = () => {
    if (options.lenient) return {};
    throw refuse();
  };
  if (!options.lenient && !request.headers.get("content-type")?.includes("application/json")) throw refuse();
  try {
    const json = JSON.parse(text) as unknown;
    return options.lenient ? (json ?? {}) : json;
  } catch {
    return malformed();
  }
}

/** The JSON body parsed with `schema` (a 422 with the field errors when it does not fit). */
export async function parseJsonBody<T extends z.ZodType>(
  request: Request,
  schema: T,
  options: JsonBodyOptions,
): Promise<z.output<T>> {
  return parseOrThrow(schema, await readJsonBody(request, options));
}
