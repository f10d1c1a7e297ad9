import { publicRoute } from "@/lib/core/http/route";
import { lookupBanner, mediaResponse } from "@/lib/surfaces/public-site/media-access";

export const dynamic = "force-dynamic";

// GET /api/media/banner/{eventId}/{w640.avif…} — one rendition of an event's banner (its
// picture's srcset), while the event is published and public
export const GET = publicRoute(
  async (request: Request, { params }: RouteContext<"/api/media/banner/[eventId]/[rendition]">) => {
    const { eventId, rendition } = await params;
    return mediaResponse(await lookupBanner(eventId, rendition), request);
  },
);
