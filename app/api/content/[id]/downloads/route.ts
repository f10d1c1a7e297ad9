import { engagementRoutes } from "@/lib/surfaces/fan-api/server";

export const dynamic = "force-dynamic";

// POST /api/content/{id}/downloads — a signed download URL, behind the lead gate when required
export const POST = engagementRoutes.download;
// GET /api/content/{id}/downloads?t= — an MP4/MOV the POST granted, without its location (Range too)
export const GET = engagementRoutes.videoDownload;
