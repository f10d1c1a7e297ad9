import { engagementRoutes } from "@/lib/surfaces/fan-api/server";

export const dynamic = "force-dynamic";

// POST /api/content/{id}/like — toggle (or set) the visitor's like
export const POST = engagementRoutes.like;
