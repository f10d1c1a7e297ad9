import { shortLinkRoute } from "@/lib/surfaces/fan-api/server";

export const dynamic = "force-dynamic";

// GET /s/{code} — a short link: 302 to the event or content page, recording the visit's source
// (and a QR code's scan)
export const GET = shortLinkRoute;
