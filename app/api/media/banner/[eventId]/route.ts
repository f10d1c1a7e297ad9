import { publicRoute } from "@/lib/core/http/route";
import { lookupBanner, mediaResponse } from "@/lib/surfaces/public-site/media-access";

export const dynamic = "force-dynamic";

// GET /api/media/banner/{eventId} — an event's banner, while the event is published and public
export const GET = publicRoute(
  async (request: Request, { params }: RouteContext<"/api/media/banner/[eventId]">) => {
    const { eventId } = await params;
    return mediaResponse(await lookupBanner(eventId), request);
  },
);
