import type { NextRequest } from "next/server";
import { assertSameOrigin } from "@/lib/core/http/request";
import { publicRoute } from "@/lib/core/http/route";
import { finishReview } from "@/lib/features/review/reviewer";

export const dynamic = "force-dynamic";

// POST /api/review/{token}/done — the reviewer marks their review done (issue #36)
export const POST = publicRoute(
  async (request: NextRequest, { params }: RouteContext<"/api/review/[token]/done">) => {
    const { token } = await params;
    assertSameOrigin(request, { messageKey: "review.errors.linkInvalid" });
    const outcome = await finishReview(token);
    return Response.json(outcome, { headers: { "Cache-Control": "no-store" } });
  },
  // The path holds a working link: never logged.
  { route: "review-done", path: "/api/review/[token]/done" },
);
