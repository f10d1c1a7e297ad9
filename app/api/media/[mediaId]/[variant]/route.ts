import { mediaRoutes } from "@/lib/surfaces/public-site/media-routes";

export const dynamic = "force-dynamic";

// GET /api/media/{mediaId}/{original|poster|w640.webp…}?v={version} if the media is public: a
// still image's bytes (immutable under its current version), or a redirect to a signed URL
// (lib/surfaces/public-site/media-access.ts); in production the front door answers it
export const GET = mediaRoutes.media;
