import { engagementRoutes } from "@/lib/surfaces/fan-api/server";

export const dynamic = "force-dynamic";

// POST /api/content/{id}/views — count a view (once per visitor per 30 minutes)
export const POST = engagementRoutes.view;
