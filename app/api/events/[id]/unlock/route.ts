import { engagementRoutes } from "@/lib/surfaces/fan-api/server";

export const dynamic = "force-dynamic";

// POST /api/events/{id}/unlock — a password event's password; answers its unlock cookie (issue #36)
export const POST = engagementRoutes.unlockEvent;
