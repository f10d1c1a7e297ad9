import { engagementLimitsFromEnv } from "@/lib/platform/visitors/limits";
import { appUrl } from "@/lib/core/env";
import { clientIpOptions, ipHashSecret } from "@/lib/core/rate-limit/server";
import { currentRouting, shortLinkHandler } from "@/lib/features/short-links/http";

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
