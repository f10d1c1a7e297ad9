import { engagementRoutes } from "@/lib/engagement/server";

export const dynamic = "force-dynamic";

// POST /api/content/{id}/watch-time — add up to 30 s of watched time
export const POST = engagementRoutes.watchTime;
