import "server-only";
import { env } from "@/lib/core/env";
import { signingKey } from "@/lib/core/signing";
import { clientIp, ipKeyPart, type ClientIpOptions } from "@/lib/core/rate-limit/client-ip";
import { enforceLimits } from "@/lib/core/rate-limit/limiter";

/** How the app finds a client's address (see TRUST_PROXY and AUTH_TRUSTED_PROXIES). */
export const clientIpOptions: ClientIpOptions = {
  trustProxy: env.TRUST_PROXY,
  trustedProxies: env.AUTH_TRUSTED_PROXIES,
};

/** Keys the IP hashes: the signer's key for this purpose, the same on every instance. */
export const ipHashSecret = signingKey("ip-hash");

/**
 * Counts one request from the client's address under `scope` and throws `rateLimited`
 * (429, Retry-After) past `limit` per minute. A request whose address cannot be trusted is
 * not limited here: guessing would put strangers into one shared bucket.
 */
export async function enforceIpLimit(
  request: Request,
  scope: string,
  limit: number,
  messageKey?: string,
): Promise<void> {
  const ip = clientIp(request.headers, clientIpOptions);
  if (!ip) return;
  await enforceLimits([{ key: `${scope}:ip:${ipKeyPart(ip, ipHashSecret)}`, limit }], 60, messageKey);
}
