import { publicRoute } from "@/lib/core/http/route";
import { lookupMedia, mediaResponse } from "@/lib/surfaces/public-site/media-access";

export const dynamic = "force-dynamic";

// GET /api/media/{mediaId}/{original|poster|w640.webp…} if the media is public: a still image's
// bytes, or a redirect to a signed URL (lib/surfaces/public-site/media-access.ts)
export const GET = publicRoute(
  async (request: Request, { params }: RouteContext<"/api/media/[mediaId]/[variant]">) => {
    const { mediaId, variant } = await params;
    return mediaResponse(await lookupMedia(mediaId, variant), request);
  },
);
