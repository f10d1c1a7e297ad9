import { mediaStates } from "@/lib/features/content/queries";
import { withMembership } from "@/lib/platform/tenancy/guard";

export const dynamic = "force-dynamic";

// GET /api/admin/content/{id}/media — processing states of a content's files (the edit screen polls it)
export const GET = withMembership<{ id: string }>(
  async (_request, { membership, params }) => {
    const { id } = await params;
    return Response.json(await mediaStates(membership.company.id, id), {
      headers: { "Cache-Control": "no-store" },
    });
  },
  { permission: "content.manage" },
);
