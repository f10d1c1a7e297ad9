import { mediaStates } from "@/lib/content/queries";
import { withMembership } from "@/lib/tenancy/guard";
import { detailedErrorResponse } from "@/lib/uploads/errors";

export const dynamic = "force-dynamic";

// GET /api/admin/content/{id}/media — processing states of a content's files (the edit screen polls it)
export const GET = withMembership<{ id: string }>(async (_request, { membership, params }) => {
  try {
    const { id } = await params;
    return Response.json(await mediaStates(membership.company.id, id), {
      headers: { "Cache-Control": "no-store" },
    });
  } catch (error) {
    return detailedErrorResponse(error, { companyId: membership.company.id });
  }
});
