import type { NextRequest } from "next/server";
import { publicRoute } from "@/lib/core/http/route";
import { reviewPreview } from "@/lib/features/review/preview";

export const dynamic = "force-dynamic";

// GET /api/review/{token}/photo/{mediaId} — a draft photo as its reviewer sees it: marked with
// the company and their address, burned into the pixels (issue #36). Only this browser keeps it,
// briefly: a link taken back stops showing photos within minutes even from the browser's cache.
export const GET = publicRoute(
  async (_request: NextRequest, { params }: RouteContext<"/api/review/[token]/photo/[mediaId]">) => {
    const { token, mediaId } = await params;
    const bytes = await reviewPreview(token, mediaId);
    return new Response(new Uint8Array(bytes), {
      headers: {
        "Content-Type": "image/webp",
        "Cache-Control": "private, max-age=300",
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "no-referrer",
      },
    });
  },
  // The path holds a working link: never logged.
  { route: "review-photo", path: "/api/review/[token]/photo/[mediaId]" },
);
