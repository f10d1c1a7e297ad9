import { apiReferenceHtml } from "@/lib/surfaces/public-api/reference";

export const dynamic = "force-dynamic";

// GET /api/v1/docs — the public API's readable reference (issue #38), rendered from its OpenAPI document
export function GET(): Response {
  return new Response(apiReferenceHtml(), {
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
