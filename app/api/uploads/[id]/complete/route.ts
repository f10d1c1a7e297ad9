import { withMembership } from "@/lib/platform/tenancy/guard";
import { handlers, uploadGuard } from "../../handlers";

export const dynamic = "force-dynamic";

// POST /api/uploads/{id}/complete — verify the stored file and queue its processing
export const POST = withMembership(handlers.complete, uploadGuard);
