import { lookupLogo, mediaResponse } from "@/lib/public/media-access";

export const dynamic = "force-dynamic";

// GET /api/media/logo/{companyId} — a company's logo (always public)
export async function GET(_request: Request, { params }: RouteContext<"/api/media/logo/[companyId]">) {
  const { companyId } = await params;
  return mediaResponse(await lookupLogo(companyId));
}
