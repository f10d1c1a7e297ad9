import { publicRoute } from "@/lib/core/http/route";
import { lookupLogo, mediaResponse } from "@/lib/surfaces/public-site/media-access";

export const dynamic = "force-dynamic";

// GET /api/media/logo/{companyId} — a company's logo (always public)
export const GET = publicRoute(
  async (request: Request, { params }: RouteContext<"/api/media/logo/[companyId]">) => {
    const { companyId } = await params;
    return mediaResponse(await lookupLogo(companyId), request);
  },
);
