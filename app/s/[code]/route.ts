import { appUrl } from "@/lib/env";
import { currentRouting, shortLinkHandler } from "@/lib/short-links/http";

export const dynamic = "force-dynamic";

// GET /s/{code} — a short link: 302 to the event or content page, recording the visit's source
export const GET = shortLinkHandler({ secureCookie: appUrl.startsWith("https:"), routing: currentRouting });
