import { listContentOperation } from "@/lib/surfaces/public-api/operations/content";
import { apiRoute } from "@/lib/surfaces/public-api/route";

export const dynamic = "force-dynamic";

// GET /api/v1/content — the public API (issue #38): the key's company's galleries and items, keyset-paged
export const GET = apiRoute(listContentOperation);
