import { engagementRoutes } from "@/lib/surfaces/fan-api/server";

export const dynamic = "force-dynamic";

// POST /api/content/{id}/favourites/email — `{ email, consent }`: mail the link to this visitor's favourites
export const POST = engagementRoutes.favouritesLink;
