import { engagementRoutes } from "@/lib/surfaces/fan-api/server";

export const dynamic = "force-dynamic";

// GET /api/content/{id}/favourites — the visitor's hearted photos of the gallery
export const GET = engagementRoutes.favourites;
// POST /api/content/{id}/favourites — `{ mediaId, favourite }`: heart or un-heart one photo
export const POST = engagementRoutes.favourite;
