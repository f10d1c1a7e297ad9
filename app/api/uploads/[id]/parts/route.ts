import { withMembership } from "@/lib/platform/tenancy/guard";
import { handlers, uploadGuard } from "../../handlers";

export const dynamic = "force-dynamic";

// POST /api/uploads/{id}/parts — presigned URLs for parts of a multipart upload
export const POST = withMembership(handlers.parts, uploadGuard);
