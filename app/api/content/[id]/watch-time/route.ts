import { engagementRoutes } from "@/lib/surfaces/fan-api/server";

export const dynamic = "force-dynamic";

// POST /api/content/{id}/watch-time — add up to 30 s of watched time
export const POST = engagementRoutes.watchTime;
