import { clientIp, ipKeyPart, type ClientIpOptions } from "@/lib/core/rate-limit/client-ip";
import type { EngagementLimits } from "@/lib/platform/visitors/limits";

/**
 * What a fan-facing route handler (the engagement API, a short link) is told of the app: the
 * fans' limits, how a client's address is found and hashed, and whether cookies are secure.
 * The app's are bound once, in lib/surfaces/fan-api/server.ts; tests pass their own.
 */
export interface VisitorRequestOptions {
  limits: EngagementLimits;
  clientIp: ClientIpOptions;
  /** Keys the IP hashes of the rate-limit table. */
  ipSecret: string | Buffer;
  /** Secure cookies (the app is served over https). */
  secureCookie: boolean;
}

/**
 * The key of the address a request counts under: only a cookie-less request (a new visitor)
 * is counted by its address (lib/platform/visitors/limits.ts), and only when the address can
 * be trusted (else null: guessing would put strangers into one shared bucket).
 */
export function newVisitorIpKey(
  request: Request,
  visitor: { isNew: boolean },
  options: Pick<VisitorRequestOptions, "clientIp" | "ipSecret">,
): string | null {
  return visitor.isNew ? clientIpKey(request, options) : null;
}

/** The request's client address as a limit key (a keyed hash), or null when it cannot be trusted. */
export function clientIpKey(
  request: Request,
  options: Pick<VisitorRequestOptions, "clientIp" | "ipSecret">,
): string | null {
  const ip = clientIp(request.headers, options.clientIp);
  return ip ? ipKeyPart(ip, options.ipSecret) : null;
}
