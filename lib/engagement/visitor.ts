import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { SOURCE_COOKIE, validSource } from "@/lib/attribution/source";
import { internalSecret } from "@/lib/jobs/revalidate";

/**
 * The anonymous fan: a random UUID in the functional cookie `ag_vid` (no personal data),
 * issued by the engagement API when missing or invalid. The cookie is `<uuid>.<mac>`, signed
 * by the server: a client cannot choose its id (nor take another fan's, with their likes and
 * the lead they left), so a value that does not verify gets a new server-issued id.
 */
export const VISITOR_COOKIE = "ag_vid";
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export interface Visitor {
  id: string;
  /** The cookie must be set on the response. */
  isNew: boolean;
  /** Where this visit came from (the `ag_src` cookie, checked against lib/attribution/source.ts). */
  source: string | null;
}

export function readCookie(request: Request, name: string): string | undefined {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** A key of its own, derived from the internal secret, so no other signature can pass for it. */
const visitorKey = createHmac("sha256", internalSecret() ?? "afterglow-visitor")
  .update("afterglow visitor id v1")
  .digest();

function macOf(id: string): Buffer {
  return createHmac("sha256", visitorKey).update(id).digest().subarray(0, 16);
}

/** The cookie value for a server-issued id. */
export function signedVisitorId(id: string): string {
  return `${id}.${macOf(id).toString("base64url")}`;
}

/** The id in a cookie value, if the server signed it. */
export function verifiedVisitorId(value: string | undefined): string | null {
  if (!value || value.length > 80) return null;
  const dot = value.indexOf(".");
  const id = value.slice(0, dot).toLowerCase();
  if (dot < 0 || !UUID.test(id)) return null;
  const given = Buffer.from(value.slice(dot + 1), "base64url");
  const expected = macOf(id);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

export function readVisitor(request: Request): Visitor {
  const id = verifiedVisitorId(readCookie(request, VISITOR_COOKIE));
  const source = validSource(readCookie(request, SOURCE_COOKIE));
  return id ? { id, isNew: false, source } : { id: randomUUID(), isNew: true, source };
}

/** The Set-Cookie value: signed, HttpOnly (the page never needs it), Lax, Secure on https, one year. */
export function visitorCookie(id: string, secure: boolean): string {
  return [
    `${VISITOR_COOKIE}=${signedVisitorId(id)}`,
    "Path=/",
    `Max-Age=${ONE_YEAR_SECONDS}`,
    "HttpOnly",
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}
