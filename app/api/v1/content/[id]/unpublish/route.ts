import { unpublishContentOperation } from "@/lib/surfaces/public-api/operations/content";
import { apiRoute } from "@/lib/surfaces/public-api/route";

export const dynamic = "force-dynamic";

// POST /api/v1/content/{id}/unpublish — the public API (issue #38): take an item back to draft
export const POST = apiRoute<{ id: string }>(unpublishContentOperation);
