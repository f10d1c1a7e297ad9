import { appOrigin, tenantHostOptions, tenantOrigin } from "@/lib/platform/site/site";
import { decideRoute, type RouteSite } from "@/lib/platform/tenancy/request-route";
import { routingTable } from "@/lib/platform/tenancy/routing-table";

/**
 * A custom domain whose company's plan no longer includes custom domains answers a temporary
 * redirect (lib/platform/tenancy/request-route.ts). The proxy cannot send it itself: Next.js
 * rewrites a proxy's `Location` to a bare path whenever its origin is the server's own
 * (`http://localhost:3000` when APP_URL is that), and a bare path sent to a fan on the custom
 * domain sends them back to it, for ever. So the proxy rewrites such a request here, and this
 * route answers the redirect as it is. It decides again from the Host and the routing table,
 * never from what the request says the target is: no open redirect.
 */
export const LAPSED_DOMAIN_ROUTE = "/api/domains/lapsed-redirect";

/** The site the routing decisions are made for (APP_URL), shared by the proxy and this route. */
export function routeSite(): RouteSite {
  return { ...tenantHostOptions(), appOrigin: appOrigin(), tenantOrigin };
}

/**
 * The header the proxy gives the rewritten request with its original path and query (a route
 * handler sees neither the rewrite's query nor the original URL). Whoever sets it can only pick
 * the path on the company's own origin: the origin comes from the table.
 */
export const LAPSED_PATH_HEADER = "x-afterglow-lapsed-path";

/** The redirect for the request's host and original path, or a plain 404 if the host is not lapsed. */
export async function lapsedDomainAnswer(request: Request): Promise<Response> {
  const to = request.headers.get(LAPSED_PATH_HEADER) ?? "/";
  const target = new URL(to.startsWith("/") ? to : `/${to}`, "http://path.invalid");
  const decision = decideRoute(
    { host: request.headers.get("host"), pathname: target.pathname, search: target.search },
    await routingTable().current(),
    routeSite(),
  );
  if (decision.kind !== "redirect" || !decision.temporary) {
    return new Response("Not found\n", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  // Until an upgrade brings the domain back: never kept by a browser or a cache.
  return new Response(null, {
    status: 302,
    headers: { Location: decision.location, "Cache-Control": "no-store" },
  });
}
