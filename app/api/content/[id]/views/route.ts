import { engagementRoutes } from "@/lib/engagement/server";

export const dynamic = "force-dynamic";

// POST /api/content/{id}/views — count a view (once per visitor per 30 minutes)
export const POST = engagementRoutes.view;
