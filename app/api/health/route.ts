import { checkHealth } from "@/lib/features/health/check-health";

export const dynamic = "force-dynamic";

// GET /api/health — liveness of the app and the parts it needs (database, storage).
export async function GET(): Promise<Response> {
  const health = await checkHealth();
  return Response.json(health, {
    status: health.status === "ok" ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
}
