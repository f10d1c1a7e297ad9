import "server-only";
import { recordAudit } from "@/lib/audit/record";
import { engagementHandlers } from "@/lib/engagement/http";
import { engagementLimitsFromEnv } from "@/lib/engagement/limits";
import { appUrl } from "@/lib/env";
import { getMediaContext } from "@/lib/media/server-context";
import { clientIpOptions, ipHashSecret } from "@/lib/rate-limit/server";

/** The engagement API's route handlers, bound to the app's database, storage, audit log and settings. */
export const engagementRoutes = engagementHandlers({
  context: () => ({ media: getMediaContext(), audit: recordAudit }),
  limits: engagementLimitsFromEnv(),
  clientIp: clientIpOptions,
  ipSecret: ipHashSecret,
  secureCookie: appUrl.startsWith("https:"),
});
