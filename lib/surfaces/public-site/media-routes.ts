import "server-only";
import { publicRoute } from "@/lib/core/http/route";
import { cookieReader } from "@/lib/platform/site/gallery-access";
import {
  lookupBanner,
  lookupLogo,
  lookupMedia,
  mediaResponse,
} from "@/lib/surfaces/public-site/media-access";

/**
 * The public media routes' handlers (app/api/media/**): the route files export them, and the
 * production server's front door (server/front-door.ts) answers the same URLs with them without
 * Next.js's router (tests/unit/front-door-media-routes.test.ts holds the two together).
 */
type Handler<P> = (request: Request, context: { params: Promise<P> }) => Promise<Response>;

export interface MediaRouteHandlers {
  /** GET /api/media/{mediaId}/{original|poster|w640.webp…} */
  media: Handler<{ mediaId: string; variant: string }>;
  /** GET /api/media/logo/{companyId} */
  logo: Handler<{ companyId: string }>;
  /** GET /api/media/banner/{eventId} */
  banner: Handler<{ eventId: string }>;
  /** GET /api/media/banner/{eventId}/{w640.avif…} */
  bannerRendition: Handler<{ eventId: string; rendition: string }>;
}

export const mediaRoutes: MediaRouteHandlers = {
  media: publicRoute(async (request, { params }) => {
    const { mediaId, variant } = await params;
    return mediaResponse(
      await lookupMedia(mediaId, variant, cookieReader(request.headers.get("cookie"))),
      request,
    );
  }),
  logo: publicRoute(async (request, { params }) => {
    const { companyId } = await params;
    return mediaResponse(await lookupLogo(companyId), request);
  }),
  banner: publicRoute(async (request, { params }) => {
    const { eventId } = await params;
    return mediaResponse(
      await lookupBanner(eventId, undefined, cookieReader(request.headers.get("cookie"))),
      request,
    );
  }),
  bannerRendition: publicRoute(async (request, { params }) => {
    const { eventId, rendition } = await params;
    return mediaResponse(
      await lookupBanner(eventId, rendition, cookieReader(request.headers.get("cookie"))),
      request,
    );
  }),
};
