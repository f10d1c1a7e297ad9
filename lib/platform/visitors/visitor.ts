import { randomUUID } from "node:crypto";
import { SOURCE_COOKIE, validSource } from "@/lib/platform/attribution/source";
import { sign, verify } from "@/lib/core/signing";

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
  /** Where this visit came from (the `ag_src` cookie, checked against lib/platform/attribution/source.ts). */
  source: string | null;
}

export function readCookie(request: Request, name: string): string | undefined {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

const MAC_BYTES = 16;

/** The cookie value for a server-issued id. */
export function signedVisitorId(id: string): string {
  return `${id}.${sign("visitor-cookie", id, MAC_BYTES).toString("base64url")}`;
}

/** The id in a cookie value, if the server signed it. */
export function verifiedVisitorId(value: string | undefined): string | null {
  if (!value || value.length > 80) return null;
  const dot = value.indexOf(".");
  const id = value.slice(0, dot).toLowerCase();
  if (dot < 0 || !UUID.test(id)) return null;
  const given = Buffer.from(value.slice(dot + 1), "base64url");
  return verify("visitor-cookie", id, given, MAC_BYTES) ? id : null;
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
