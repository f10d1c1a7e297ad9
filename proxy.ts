import { NextResponse, type NextRequest } from "next/server";
import { tenantSlugFromHost } from "@/lib/tenancy/host";

/**
 * Host routing only: a tenant subdomain (`demo.example.com/x`) is served by the
 * path routes (`/demo/x`). Authorisation is never decided here; layouts, actions
 * and handlers check it again.
 */
export function proxy(request: NextRequest): NextResponse {
  const slug = tenantSlugFromHost(request.headers.get("host"));
  if (!slug) return NextResponse.next();

  const url = request.nextUrl.clone();
  url.pathname = `/${slug}${url.pathname === "/" ? "" : url.pathname}`;
  return NextResponse.rewrite(url);
}

export const config = {
  // Static assets, the API and metadata files are the same on every host.
  matcher: [
    "/((?!_next/|api/|favicon.ico|robots.txt|sitemap.xml|.*\\.(?:png|jpg|jpeg|svg|webp|avif|ico|css|js|txt|woff2?)$).*)",
  ],
};
