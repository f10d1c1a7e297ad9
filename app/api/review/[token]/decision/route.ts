import type { NextRequest } from "next/server";
import { assertSameOrigin, readJsonBody } from "@/lib/core/http/request";
import { publicRoute } from "@/lib/core/http/route";
import { decidePhoto } from "@/lib/features/review/reviewer";

export const dynamic = "force-dynamic";

/** A decision and a 1,000-character note are far below this. */
const MAX_BODY_BYTES = 8 * 1024;

// POST /api/review/{token}/decision {mediaId, decision?: "approved"|"rejected"|null, note?} — a
// reviewer's word on one photo of the draft (issue #36); the e-mailed link is the credential
export const POST = publicRoute(
  async (request: NextRequest, { params }: RouteContext<"/api/review/[token]/decision">) => {
    const { token } = await params;
    assertSameOrigin(request, { messageKey: "review.errors.linkInvalid" });
    const body = await readJsonBody(request, {
      maxBytes: MAX_BODY_BYTES,
      messageKey: "validation.invalidForm",
    });
    const saved = await decidePhoto(token, body);
    return Response.json(saved, { headers: { "Cache-Control": "no-store" } });
  },
  // The path holds a working link: never logged.
  { route: "review-decision", path: "/api/review/[token]/decision" },
);
