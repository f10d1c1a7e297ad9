import { NextResponse, type NextRequest } from "next/server";
import { internalPath, localeCookieName } from "@/lib/i18n/locale-path";
import { runtimeSecurityHeaders } from "@/lib/public/security-headers";
import { tenantHostOptions } from "@/lib/public/site";
import { tenantSlugFromHost } from "@/lib/tenancy/host";

const { previewDomains, rootDomain } = tenantHostOptions();
const responseHeaders = runtimeSecurityHeaders();

/**
 * Routing only, by internal rewrite (the address bar never changes):
 * - the visitor's language (cookie) becomes the `[locale]` segment, so every (locale, page)
 *   pair is its own cached page and no page reads cookies;
 * - a tenant subdomain (`demo.afterglow.events/evento/x`) is served by the tenant-host tree
 *   (`/{locale}/~site/demo/evento/x`).
 * It also adds the security headers that depend on the running configuration (CSP sources).
 * Authorisation and visibility are never decided here: pages and handlers check them.
 */
export function proxy(request: NextRequest): NextResponse {
  const url = request.nextUrl.clone();
  url.pathname = internalPath({
    pathname: url.pathname,
    localeCookie: request.cookies.get(localeCookieName)?.value,
    tenantSlug: tenantSlugFromHost(request.headers.get("host"), previewDomains, rootDomain),
  });
  return NextResponse.rewrite(url, { headers: responseHeaders });
}

export const config = {
  // Static assets, the API and metadata files are the same in every language and on every host.
  matcher: [
    "/((?!_next/|api/|favicon.ico|robots.txt|sitemap.xml|.*\\.(?:png|jpg|jpeg|svg|webp|avif|ico|css|js|txt|xml|woff2?|map)$).*)",
  ],
};
