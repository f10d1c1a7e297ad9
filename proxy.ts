import { NextResponse, type NextRequest } from "next/server";
import { internalPath, localeCookieName } from "@/lib/i18n/locale-path";
import { tenantSlugFromHost } from "@/lib/tenancy/host";

/**
 * Routing only, by internal rewrite (the address bar never changes):
 * - the visitor's language (cookie) becomes the `[locale]` segment;
 * - a tenant subdomain (`demo.example.com/x`) is served by the `/{slug}/x` routes.
 * Authorisation is never decided here: layouts, actions and handlers check it again.
 */
export function proxy(request: NextRequest): NextResponse {
  const url = request.nextUrl.clone();
  url.pathname = internalPath({
    pathname: url.pathname,
    localeCookie: request.cookies.get(localeCookieName)?.value,
    tenantSlug: tenantSlugFromHost(request.headers.get("host")),
  });
  return NextResponse.rewrite(url);
}

export const config = {
  // Static assets, the API and metadata files are the same in every language and on every host.
  matcher: [
    "/((?!_next/|api/|favicon.ico|robots.txt|sitemap.xml|.*\\.(?:png|jpg|jpeg|svg|webp|avif|ico|css|js|txt|xml|woff2?|map)$).*)",
  ],
};
