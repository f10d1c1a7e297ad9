import { originalDownloadUrl } from "@/lib/features/content/manage-media";
import { withMembership } from "@/lib/platform/tenancy/guard";

export const dynamic = "force-dynamic";

// GET /api/admin/media/{id}/download — redirect to a 60-second signed URL of the original
export const GET = withMembership<{ id: string }>(
  async (_request, { membership, params }) => {
    const { id } = await params;
    const url = await originalDownloadUrl(membership, id);
    return new Response(null, { status: 302, headers: { Location: url, "Cache-Control": "no-store" } });
  },
  { permission: "content.manage" },
);
