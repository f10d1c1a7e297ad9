import { publishContentOperation } from "@/lib/surfaces/public-api/operations/content";
import { apiRoute } from "@/lib/surfaces/public-api/route";

export const dynamic = "force-dynamic";

// POST /api/v1/content/{id}/publish — the public API (issue #38): put an item live (`content.published`)
export const POST = apiRoute<{ id: string }>(publishContentOperation);
