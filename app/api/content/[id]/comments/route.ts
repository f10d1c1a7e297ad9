import { engagementRoutes } from "@/lib/surfaces/fan-api/server";

export const dynamic = "force-dynamic";

// GET /api/content/{id}/comments — visible comments, newest first, paginated
export const GET = engagementRoutes.listComments;

// POST /api/content/{id}/comments — post a comment (a repeated requestId posts once)
export const POST = engagementRoutes.postComment;
