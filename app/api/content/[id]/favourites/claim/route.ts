import { engagementRoutes } from "@/lib/surfaces/fan-api/server";

export const dynamic = "force-dynamic";

// POST /api/content/{id}/favourites/claim — `{ token }`: the e-mailed link's favourites, added to this device's
export const POST = engagementRoutes.claimFavourites;
