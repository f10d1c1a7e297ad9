import { analyticsSummaryOperation } from "@/lib/surfaces/public-api/operations/analytics";
import { apiRoute } from "@/lib/surfaces/public-api/route";

export const dynamic = "force-dynamic";

// GET /api/v1/analytics/summary — the public API (issue #38): the analytics page's totals of a date range
export const GET = apiRoute(analyticsSummaryOperation);
