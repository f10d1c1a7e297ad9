import "server-only";
import { engagementHandlers } from "@/lib/engagement/http";
import { engagementLimitsFromEnv } from "@/lib/engagement/limits";
import { appUrl } from "@/lib/env";
import { clientIpOptions, ipHashSecret } from "@/lib/rate-limit/server";

/** The engagement API's route handlers, with the app's limits and cookie settings. */
export const engagementRoutes = engagementHandlers({
  limits: engagementLimitsFromEnv(),
  clientIp: clientIpOptions,
  ipSecret: ipHashSecret,
  secureCookie: appUrl.startsWith("https:"),
});
