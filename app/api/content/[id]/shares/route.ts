import { engagementRoutes } from "@/lib/surfaces/fan-api/server";

export const dynamic = "force-dynamic";

// POST /api/content/{id}/shares — record a share and its channel
export const POST = engagementRoutes.share;
