import { randomUUID } from "node:crypto";
import { SOURCE_COOKIE, validSource } from "@/lib/platform/attribution/source";
import { sign, verify } from "@/lib/core/signing";

/**
 * The anonymous fan: a random UUID in the functional cookie `ag_vid` (no personal data),
 * issued when missing or invalid, only by `issueVisitorCookie` (lib/platform/visitors/issue.ts,
 * under the per-address ceiling of new visitors). The cookie is `<uuid>.<mac>`, signed by the
 * server: a client cannot choose its id (nor take another fan's, with their likes and the
 * lead they left), so a value that does not verify gets a new id.
 */
export const VISITOR_COOKIE = "ag_vid";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export interface Visitor {
  id: string;
  /** No valid cookie came: `id` is fresh, and only `issueVisitorCookie` may hand it out. */
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

/** The cookie value for a server-issued id (set only by `issueVisitorCookie`; tests sign ids with it). */
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
