import { engagementRoutes } from "@/lib/surfaces/fan-api/server";

export const dynamic = "force-dynamic";

// GET /api/content/{id}/engagement — likes, the visitor's like, comment count, lead on file
export const GET = engagementRoutes.summary;
