import { mediaRoutes } from "@/lib/surfaces/public-site/media-routes";

export const dynamic = "force-dynamic";

// GET /api/media/logo/{companyId}?v={version} — a company's logo (always public), from the
// app's origin (lib/surfaces/public-site/media-access.ts); in production the front door answers it
export const GET = mediaRoutes.logo;
