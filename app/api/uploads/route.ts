import { withMembership } from "@/lib/platform/tenancy/guard";
import { handlers, uploadGuard } from "./handlers";

export const dynamic = "force-dynamic";

// POST /api/uploads — check a file against the upload rules and the plan, and presign its upload
export const POST = withMembership(handlers.create, uploadGuard);
