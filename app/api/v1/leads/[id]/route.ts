import { deleteLeadOperation } from "@/lib/surfaces/public-api/operations/leads";
import { apiRoute } from "@/lib/surfaces/public-api/route";

export const dynamic = "force-dynamic";

// DELETE /api/v1/leads/{id} — the public API (issue #38): a data-subject erasure
export const DELETE = apiRoute<{ id: string }>(deleteLeadOperation);
