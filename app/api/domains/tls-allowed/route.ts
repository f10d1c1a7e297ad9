import { publicRoute } from "@/lib/core/http/route";
import { tlsAllowed } from "@/lib/features/domains/tls-allowed";

export const dynamic = "force-dynamic";

// GET /api/domains/tls-allowed?domain=<host> — Caddy's on-demand TLS `ask`: 200 for our hosts, else 404.
export const GET = publicRoute(async (request: Request) => {
  const domain = new URL(request.url).searchParams.get("domain");
  const allowed = await tlsAllowed(domain);
  return new Response(allowed ? "ok\n" : "not found\n", {
    status: allowed ? 200 : 404,
    // Per host and changing with the routing: never stored by a cache in between.
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
});
