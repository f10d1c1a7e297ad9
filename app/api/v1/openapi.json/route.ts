import { apiDocument } from "@/lib/surfaces/public-api/openapi";

export const dynamic = "force-dynamic";

// GET /api/v1/openapi.json — the public API's OpenAPI 3.1 document (issue #38), made from the
// same zod schemas the routes validate with. Public: it describes the API, not anyone's data.
export function GET(): Response {
  return Response.json(apiDocument(), {
    headers: { "Cache-Control": "public, max-age=300", "Access-Control-Allow-Origin": "*" },
  });
}
