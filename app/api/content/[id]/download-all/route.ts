import { engagementRoutes } from "@/lib/surfaces/fan-api/server";

export const dynamic = "force-dynamic";

// POST /api/content/{id}/download-all — passes the lead gate of a photo gallery's "Download all"
export const POST = engagementRoutes.prepareDownloadAll;
// GET /api/content/{id}/download-all — the gallery's originals as a streamed ZIP (counted once)
export const GET = engagementRoutes.downloadAll;
