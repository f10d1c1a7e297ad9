import "server-only";
import { env } from "@/lib/env";
import { internalSecret } from "@/lib/jobs/revalidate";
import { clientIp, ipKeyPart, type ClientIpOptions } from "@/lib/rate-limit/client-ip";
import { enforceLimits } from "@/lib/rate-limit/limiter";

/** How the app finds a client's address (see TRUST_PROXY and AUTH_TRUSTED_PROXIES). */
export const clientIpOptions: ClientIpOptions = {
  trustProxy: env.TRUST_PROXY,
  trustedProxies: env.AUTH_TRUSTED_PROXIES,
};

/** Keys the IP hashes; the shared internal secret is stable across instances and restarts. */
export const ipHashSecret = internalSecret() ?? "afterglow-rate-limit";

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
