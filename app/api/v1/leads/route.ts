import { listLeadsOperation } from "@/lib/surfaces/public-api/operations/leads";
import { apiRoute } from "@/lib/surfaces/public-api/route";

export const dynamic = "force-dynamic";

// GET /api/v1/leads — the public API (issue #38): the key's company's leads, keyset-paged
export const GET = apiRoute(listLeadsOperation);
