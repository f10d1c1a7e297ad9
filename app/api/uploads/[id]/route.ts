import { withMembership } from "@/lib/platform/tenancy/guard";
import { handlers, uploadGuard } from "../handlers";

export const dynamic = "force-dynamic";

// GET /api/uploads/{id} — state of an upload and the parts already stored (to resume after a reload)
export const GET = withMembership(handlers.status, uploadGuard);

// DELETE /api/uploads/{id} — cancel an open upload, deleting what was stored
export const DELETE = withMembership(handlers.abort, uploadGuard);
