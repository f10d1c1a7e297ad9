import { engagementLimitsFromEnv } from "@/lib/engagement/limits";
import { appUrl } from "@/lib/env";
import { clientIpOptions, ipHashSecret } from "@/lib/rate-limit/server";
import { currentRouting, shortLinkHandler } from "@/lib/short-links/http";

export const dynamic = "force-dynamic";

// GET /s/{code} — a short link: 302 to the event or content page, recording the visit's source
// (and a QR code's scan)
export const GET = shortLinkHandler({
  secureCookie: appUrl.startsWith("https:"),
  routing: currentRouting,
  limits: engagementLimitsFromEnv(),
  clientIp: clientIpOptions,
  ipSecret: ipHashSecret,
});
