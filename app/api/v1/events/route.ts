import { listEventsOperation } from "@/lib/surfaces/public-api/operations/events";
import { apiRoute } from "@/lib/surfaces/public-api/route";

export const dynamic = "force-dynamic";

// GET /api/v1/events — the public API (issue #38): the key's company's events
export const GET = apiRoute(listEventsOperation);
