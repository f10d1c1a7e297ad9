import { randomUUID } from "node:crypto";

/**
 * The anonymous fan: a random UUID in the functional cookie `ag_vid` (no personal data),
 * created by the engagement API when missing or malformed.
 */
export const VISITOR_COOKIE = "ag_vid";
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export interface Visitor {
  id: string;
  /** The cookie must be set on the response. */
  isNew: boolean;
}

export function readCookie(request: Request, name: string): string | undefined {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export function readVisitor(request: Request): Visitor {
  const value = readCookie(request, VISITOR_COOKIE);
  if (value && UUID.test(value)) return { id: value.toLowerCase(), isNew: false };
  return { id: randomUUID(), isNew: true };
}

/** The Set-Cookie value: HttpOnly (the page never needs it), Lax, Secure on https, one year. */
export function visitorCookie(id: string, secure: boolean): string {
  return [
    `${VISITOR_COOKIE}=${id}`,
    "Path=/",
    `Max-Age=${ONE_YEAR_SECONDS}`,
    "HttpOnly",
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}
