import "server-only";
import { engagementHandlers } from "@/lib/surfaces/fan-api/http";
import { engagementLimitsFromEnv } from "@/lib/platform/visitors/limits";
import { appUrl } from "@/lib/core/env";
import { clientIpOptions, ipHashSecret } from "@/lib/core/rate-limit/server";

/** The engagement API's route handlers, with the app's limits and cookie settings. */
export const engagementRoutes = engagementHandlers({
  limits: engagementLimitsFromEnv(),
  clientIp: clientIpOptions,
  ipSecret: ipHashSecret,
  secureCookie: appUrl.startsWith("https:"),
});
