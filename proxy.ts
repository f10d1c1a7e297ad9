import { getSessionCookie } from "better-auth/cookies";
import { NextResponse, type NextRequest } from "next/server";
import { landingSource, referrerHost, sourceSetCookie } from "@/lib/platform/attribution/parse";
import { AUTH_COOKIE_PREFIX } from "@/lib/platform/auth/cookie-prefix";
import { signInPath } from "@/lib/platform/auth/redirects";
import { chooseLocale } from "@/lib/core/i18n/accept-language";
import { internalPath, localeCookieName } from "@/lib/core/i18n/locale-path";
import { createPageSecurity } from "@/lib/surfaces/public-site/security-headers";
import { routeHost } from "@/lib/platform/site/host";
import { hasEventUnlockCookie, mayBeLiveUnlock } from "@/lib/platform/site/gallery-access";
import { unlockedPathFor } from "@/lib/platform/site/unlocked-path";
import { decideRoute } from "@/lib/platform/tenancy/request-route";
import { LAPSED_DOMAIN_ROUTE, LAPSED_PATH_HEADER, routeSite } from "@/lib/platform/tenancy/lapsed-domain";
import {
  EMPTY_ROUTING,
  routingTable,
  RoutingUnavailable,
  type RoutingSnapshot,
} from "@/lib/platform/tenancy/routing-table";

const site = routeSite();
const pageSecurity = createPageSecurity();

/**
 * A permanent redirect is cached by browsers; bounded, so a slug taken back (or reused once
 * its hold ends) is not stuck in a browser that once saw the old redirect.
 */
const REDIRECT_CACHE = "public, max-age=300";

/**
 * Routing only, by internal rewrite (the address bar never changes): the visitor's language
 * becomes the `[locale]` segment, so every (locale, page) pair is its own cached page and no page
 * reads cookies or headers; a tenant's host is served by its `~site` tree; a released slug answers
 * 308, a custom domain the plan no longer includes 302 to the company's subdomain, and a host
 * that is not ours 404 (lib/platform/tenancy/request-route.ts). Plus the page's CSP
 * (lib/surfaces/public-site/csp.ts), and a real redirect (not a page that redirects after its
 * shell) to sign-in for a signed-in area without a session cookie. Authorisation and visibility are
 * never decided here: a cookie's presence is not trusted, pages and handlers check the session.
 */
export async function proxy(request: NextRequest): Promise<NextResponse> {
  const { pathname, search } = request.nextUrl;
  const table = await routing();
  const decision = decideRoute({ host: request.headers.get("host"), pathname, search }, table, site);
  if (decision.kind === "not-found") {
    return new NextResponse("Not found\n", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  // A lapsed custom domain's 302 is answered by a route, whose Location Next.js leaves whole.
  if (decision.kind === "redirect" && decision.temporary) {
    const headers = new Headers(request.headers);
    headers.set(LAPSED_PATH_HEADER, `${pathname}${search}`);
    return NextResponse.rewrite(new URL(LAPSED_DOMAIN_ROUTE, request.url), { request: { headers } });
  }
  if (decision.kind === "redirect") {
    return NextResponse.redirect(decision.location, {
      status: 308,
      headers: { "Cache-Control": REDIRECT_CACHE },
    });
  }
  // Short links answer on every host, in no language: the route handler (app/s/[code]) itself.
  if (pathname.startsWith("/s/")) return NextResponse.next();
  const tenantSlug = decision.kind === "tenant" ? decision.slug : null;
  const language = chooseLocale(
    request.cookies.get(localeCookieName)?.value,
    request.headers.get("accept-language"),
  );
  const url = request.nextUrl.clone();
  url.pathname = internalPath({ pathname: url.pathname, localeCookie: language.locale, tenantSlug });
  // A password gallery or event this browser unlocked: its per-request page (lib/platform/site/unlocked-path.ts).
  if (request.method === "GET" || request.method === "HEAD") {
    const hasEventUnlock = hasEventUnlockCookie(request.cookies.getAll());
    const hasUnlock = (name: string) => mayBeLiveUnlock(request.cookies.get(name)?.value);
    url.pathname = unlockedPathFor(url.pathname, hasUnlock, hasEventUnlock) ?? url.pathname;
  }
  const scope = decision.kind === "tenant" && decision.via === "custom" ? "custom" : "own";
  const security = pageSecurity(url.pathname, request.headers, scope);
  if (!tenantSlug && needsSignIn(request)) {
    return NextResponse.redirect(new URL(signInPath(`${pathname}${search}`), request.url), {
      status: 303,
      headers: { ...security.response, "Cache-Control": "private, no-store" },
    });
  }
  // The answer's `Vary: Cookie, Accept-Language` is added with the cached page (Next.js sets the
  // page's Vary itself, over the proxy's): server/csp-cache-handler.cjs.
  const response = NextResponse.rewrite(url, {
    ...(security.request ? { request: { headers: security.request } } : {}),
    headers: security.response,
  });
  if (language.remember) {
    // A session cookie: the first visit's language holds for the visit (API messages, the
    // language menu), the next visit asks the browser again; the menu's choice lasts a year.
    response.cookies.set(localeCookieName, language.locale, { path: "/", sameSite: "lax" });
  }
  const source = visitSource(request, table);
  if (source)
    response.headers.append("Set-Cookie", sourceSetCookie(source, site.appOrigin.startsWith("https:")));
  return response;
}

/**
 * The source of a page visit that lands with a tag (`?ch=`, `utm_source`) or from another
 * site (lib/platform/attribution/parse.ts), for the `ag_src` cookie; null leaves an earlier source in
 * place. Parsed only when there is something to read, so most requests cost a string check.
 * The page never reads the cookie (it stays cached for everyone): the engagement API does.
 */
function visitSource(request: NextRequest, table: RoutingSnapshot): string | null {
  if (request.method !== "GET") return null;
  const referer = request.headers.get("referer");
  const host = request.nextUrl.hostname;
  const foreignReferer = referer !== null && referrerHost(referer) !== host;
  if (!request.nextUrl.search && !foreignReferer) return null;
  return landingSource({
    searchParams: request.nextUrl.searchParams,
    referer,
    isOwnHost: (name) => routeHost(name, { ...site, domains: table.domains }).kind !== "unknown",
  });
}

/**
 * The routing table; while the database cannot be read, no custom domain and no redirect
 * (the app's own host and its subdomains still work, pages answer for themselves).
 */
async function routing(): Promise<RoutingSnapshot> {
  try {
    return await routingTable().current();
  } catch (error) {
    if (!(error instanceof RoutingUnavailable)) console.error("proxy: routing table unavailable", error);
    return EMPTY_ROUTING;
  }
}

/** The signed-in areas: the admin area and the account page. */
const SIGNED_IN_AREAS = ["/admin", "/account"];

/** A page navigation into a signed-in area with no session cookie at all. */
function needsSignIn(request: NextRequest): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  const { pathname } = request.nextUrl;
  if (!SIGNED_IN_AREAS.some((area) => pathname === area || pathname.startsWith(`${area}/`))) return false;
  return getSessionCookie(request, { cookiePrefix: AUTH_COOKIE_PREFIX }) === null;
}

export const config = {
  // Static assets, the API and metadata files are the same in every language and on every host.
  matcher: [
    "/((?!_next/|api/|favicon.ico|robots.txt|sitemap.xml|.*\\.(?:png|jpg|jpeg|svg|webp|avif|ico|css|js|txt|xml|woff2?|map)$).*)",
  ],
};
