import { publicRoute } from "@/lib/http/route";
import { lookupLogo, mediaResponse } from "@/lib/public/media-access";

export const dynamic = "force-dynamic";

// GET /api/media/logo/{companyId} — a company's logo (always public)
export const GET = publicRoute(
  async (request: Request, { params }: RouteContext<"/api/media/logo/[companyId]">) => {
    const { companyId } = await params;
    return mediaResponse(await lookupLogo(companyId), request);
  },
);
