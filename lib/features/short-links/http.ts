import "server-only";
import { landingSource, sourceSetCookie } from "@/lib/platform/attribution/parse";
import { SHORT_LINK_SOURCE } from "@/lib/platform/attribution/source";
import { limitChecks } from "@/lib/platform/visitors/limits";
import { newVisitorIpKey, type VisitorRequestOptions } from "@/lib/platform/visitors/request-options";
import { issueVisitorCookie } from "@/lib/platform/visitors/issue";
import { readVisitor } from "@/lib/platform/visitors/visitor";
import { logUnexpected } from "@/lib/core/errors";
import { respond } from "@/lib/core/http/route";
import { consumeLimits } from "@/lib/core/rate-limit/limiter";
import { tenantHostOptions } from "@/lib/platform/site/site";
import { resolveShortLink, type ShortLinkHost } from "@/lib/features/short-links/resolve";
import { recordScan } from "@/lib/features/short-links/scans";
import { routeHost } from "@/lib/platform/site/host";
import { EMPTY_ROUTING, routingTable, type RoutingSnapshot } from "@/lib/platform/tenancy/routing-table";

/** A QR scan counts against the fans' limits as a view (lib/platform/visitors/limits.ts). */
export interface ShortLinkHandlerOptions extends VisitorRequestOptions {
  /** The custom domains (proxy.ts's routing table). */
  routing: () => Promise<RoutingSnapshot>;
}

const NOT_FOUND = () =>
  new Response("Not found\n", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

/**
 * GET /s/{code}: a 302 to the item's page on the same host, never cached (the item may be
 * unpublished tomorrow), setting the visit's source: `qr:{id}` for a QR code's link, else the
 * link's own tag (`/s/{code}?ch=whatsapp`), `utm_source` or foreign referrer. An untagged
 * visit leaves an earlier source in place (last non-direct touch). A QR code's link also counts
 * its scan here, under the visitor cookie (issued on the redirect when missing, within the
 * address's ceiling of new visitors) and the view's rate limit: a limited scan still
 * redirects, it just is not counted.
 */
export function shortLinkHandler(options: ShortLinkHandlerOptions) {
  return (request: Request, context: { params: Promise<{ code: string }> }) =>
    respond(request, async () => {
      const { code } = await context.params;
      const domains = (await options.routing()).domains;
      const hostOptions = { ...tenantHostOptions(), domains };
      const route = routeHost(request.headers.get("host"), hostOptions);
      if (route.kind === "unknown") return NOT_FOUND();
      const host: ShortLinkHost =
        route.kind === "tenant" ? { kind: "tenant", slug: route.slug } : { kind: "app" };
      const resolved = await resolveShortLink(code, host);
      if (!resolved) return NOT_FOUND();
      const referer = request.headers.get("referer");
      const source =
        resolved.source ??
        landingSource({
          searchParams: new URL(request.url).searchParams,
          referer,
          isOwnHost: (name) => routeHost(name, hostOptions).kind !== "unknown",
        }) ??
        // Untagged and from nowhere (typed from a poster, opened from an app that sends no
        // referrer): the short link itself is the source, not "Direct" (issue #40). From one of
        // our own pages it is a fan moving around the site: the earlier source stays.
        (referer === null ? SHORT_LINK_SOURCE : null);
      const headers = new Headers({ Location: resolved.location, "Cache-Control": "private, no-store" });
      if (source) headers.append("Set-Cookie", sourceSetCookie(source, options.secureCookie));
      if (resolved.qr) {
        const visitor = readVisitor(request);
        try {
          // A new fan's id only under the address's ceiling of new visitors, as on the engagement
          // API; past it the fan still gets the page, without an id, and the scan is not
          // counted (an id nobody keeps is no visitor: each request would be another scan).
          const cookie = await issueVisitorCookie(request, visitor, options);
          if (cookie) headers.append("Set-Cookie", cookie);
          if (!visitor.isNew || cookie) {
            const checks = limitChecks(
              options.limits,
              "view",
              visitor,
              newVisitorIpKey(request, visitor, options),
            );
            const allowed = (await consumeLimits(checks, options.limits.windowSeconds)).allowed;
            if (allowed) await recordScan(resolved.qr, visitor.id);
          }
        } catch (error) {
          // The fan in front of the poster still gets the page; only the count is lost.
          logUnexpected(error, { route: "short-link", action: "scan", qrCodeId: resolved.qr.id });
        }
      }
      return new Response(null, { status: 302, headers });
    });
}

/** The table, or no custom domains while the database cannot be read (subdomains still work). */
export async function currentRouting(): Promise<RoutingSnapshot> {
  try {
    return await routingTable().current();
  } catch {
    return EMPTY_ROUTING;
  }
}
