import { getContentOrThrow } from "@/lib/content/get-content-or-throw";
import { mediaStates } from "@/lib/content/queries";
import { getMediaContext } from "@/lib/media/server-context";
import { withMembership } from "@/lib/tenancy/guard";

export const dynamic = "force-dynamic";

// GET /api/admin/content/{id}/media — processing states of a content's files (the edit screen polls it)
export const GET = withMembership<{ id: string }>(
  async (_request, { membership, params }) => {
    const { id } = await params;
    const ctx = getMediaContext();
    await getContentOrThrow(ctx.db, membership.company.id, id, { id: true });
    return Response.json(await mediaStates(ctx, membership.company.id, id), {
      headers: { "Cache-Control": "no-store" },
    });
  },
  { permission: "content.manage" },
);
