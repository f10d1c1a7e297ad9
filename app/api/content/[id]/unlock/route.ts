import { engagementRoutes } from "@/lib/surfaces/fan-api/server";

export const dynamic = "force-dynamic";

// POST /api/content/{id}/unlock — a password gallery's password; answers its unlock cookie
export const POST = engagementRoutes.unlock;
