import { mediaRoutes } from "@/lib/surfaces/public-site/media-routes";

export const dynamic = "force-dynamic";

// GET /api/media/banner/{eventId}/{w640.avif…}?v={version} — one rendition of an event's banner
// (its picture's srcset), while the event is published and public; in production the front door
// answers it
export const GET = mediaRoutes.bannerRendition;
