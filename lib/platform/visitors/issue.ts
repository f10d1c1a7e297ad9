import { consumeLimits, type LimitStore } from "@/lib/core/rate-limit/limiter";
import { newVisitorChecks } from "@/lib/platform/visitors/limits";
import { newVisitorIpKey, type VisitorRequestOptions } from "@/lib/platform/visitors/request-options";
import { signedVisitorId, VISITOR_COOKIE, type Visitor } from "@/lib/platform/visitors/visitor";

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * The one way a visitor id is given out: the `Set-Cookie` for a new visitor, or null. A
 * visitor's allowances (likes, comments, leads …) are per id, so every entrance that issues
 * ids (the engagement API, a QR code's short link) must ask the same per-address ceiling of
 * new visitors (`newVisitorChecks`, RATE_LIMIT_NEW_VISITORS_IP) first: an entrance that did
 * not was a tap of fresh identities that outran every per-visitor limit. Past the ceiling the
 * answer still goes out, without a cookie: the client stays cookie-less, counted by its
 * address (`anonPerIp`). Null too for a visitor who already has a valid cookie.
 *
 * The cookie: signed, HttpOnly (the page never needs it), Lax, Secure on https, one year.
 */
export async function issueVisitorCookie(
  request: Request,
  visitor: Visitor,
  options: VisitorRequestOptions,
  /** Where the ceiling is counted (the fans' batched store on the engagement API; same rows). */
  store?: LimitStore,
): Promise<string | null> {
  if (!visitor.isNew) return null;
  const checks = newVisitorChecks(options.limits, newVisitorIpKey(request, visitor, options));
  const outcome = await consumeLimits(checks, options.limits.windowSeconds, store);
  if (!outcome.allowed) return null;
  return [
    `${VISITOR_COOKIE}=${signedVisitorId(visitor.id)}`,
    "Path=/",
    `Max-Age=${ONE_YEAR_SECONDS}`,
    "HttpOnly",
    "SameSite=Lax",
    ...(options.secureCookie ? ["Secure"] : []),
  ].join("; ");
}
