import { listCommentsOperation } from "@/lib/surfaces/public-api/operations/comments";
import { apiRoute } from "@/lib/surfaces/public-api/route";

export const dynamic = "force-dynamic";

// GET /api/v1/comments — the public API (issue #38): the key's company's comments for moderation, keyset-paged
export const GET = apiRoute(listCommentsOperation);
