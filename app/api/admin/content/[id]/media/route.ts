import { z } from "zod";
import { mediaStates } from "@/lib/features/content/media-page";
import { MEDIA_PAGE_SIZE } from "@/lib/features/content/schemas";
import { recordId } from "@/lib/core/validation/common";
import { withMembership } from "@/lib/platform/tenancy/guard";

export const dynamic = "force-dynamic";

/** `?ids=a,b,c`: the files the manager shows (at most a page); anything else asks about none. */
const idsParam = z
  .string()
  .transform((v) => v.split(",").filter(Boolean))
  .pipe(z.array(recordId).max(MEDIA_PAGE_SIZE))
  .catch([]);

// GET /api/admin/content/{id}/media?ids=… — the edit screen's poll while files process: the
// states of the files on its page and how many of the gallery are still on their way in.
export const GET = withMembership<{ id: string }>(
  async (request, { membership, params }) => {
    const { id } = await params;
    const ids = idsParam.parse(new URL(request.url).searchParams.get("ids") ?? "");
    return Response.json(await mediaStates(membership.company.id, id, ids), {
      headers: { "Cache-Control": "no-store" },
    });
  },
  { permission: "content.manage" },
);
