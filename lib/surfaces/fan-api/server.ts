import "server-only";
import { appUrl } from "@/lib/core/env";
import { clientIpOptions, ipHashSecret } from "@/lib/core/rate-limit/server";
import { currentRouting, shortLinkHandler } from "@/lib/features/short-links/http";
import { engagementLimitsFromEnv } from "@/lib/platform/visitors/limits";
import type { VisitorRequestOptions } from "@/lib/platform/visitors/request-options";
import { engagementHandlers } from "@/lib/surfaces/fan-api/http";

/**
 * The one place the fan-facing route handlers get the app's options: the limits from the
 * environment, how a client's address is found and hashed (lib/core/rate-limit/server.ts),
 * secure cookies. The route files (app/api/content/[id]/*, app/s/[code]) and the front door
 * (instrumentation.ts) export these; tests build handlers with options of their own.
 */
const appOptions: VisitorRequestOptions = {
  limits: engagementLimitsFromEnv(),
  clientIp: clientIpOptions,
  ipSecret: ipHashSecret,
  secureCookie: appUrl.startsWith("https:"),
};

/** The engagement API's route handlers. */
export const engagementRoutes = engagementHandlers(appOptions);

/** GET /s/{code}: a short link, routed by the proxy's table of custom domains. */
export const shortLinkRoute = shortLinkHandler({ ...appOptions, routing: currentRouting });
