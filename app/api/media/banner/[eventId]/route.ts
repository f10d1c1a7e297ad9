import { mediaRoutes } from "@/lib/surfaces/public-site/media-routes";

export const dynamic = "force-dynamic";

// GET /api/media/banner/{eventId}?v={version} — an event's banner, while the event is published
// and public; in production the front door answers it
export const GET = mediaRoutes.banner;
