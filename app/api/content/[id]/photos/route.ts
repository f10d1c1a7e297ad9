import { engagementRoutes } from "@/lib/surfaces/fan-api/server";

export const dynamic = "force-dynamic";

// GET /api/content/{id}/photos?offset={n} | ?ids={a,b} — a large gallery's photos a page at a time
// (issue #36): the player's page carries only the first ones
export const GET = engagementRoutes.photos;
