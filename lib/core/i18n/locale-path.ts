import { localeCookieName, resolveLocale } from "@/lib/core/i18n/config";

/**
 * Internal segment under which a tenant's own host (`demo.afterglow.events`) is served. Its
 * pages link without the slug (`/evento/x`), so they are cached apart from the path-mode
 * pages (`/demo/evento/x`). Never reachable from outside: see `internalPath`.
 */
export const TENANT_HOST_SEGMENT = "~site";
// (`~`, not `_`: company slugs are [a-z0-9-], and Next does not prerender `%5F` folders.)

/**
 * Internal segment of a password gallery's per-request page (issue #36,
 * lib/platform/site/unlocked-path.ts): the proxy rewrites there, nobody else reaches it.
 */
export const UNLOCKED_SEGMENT = "~unlocked";

/**
 * The internal path a public URL is served from: `/{locale}` + (tenant prefix) + path.
 * Public URLs never carry the locale; it comes from the NEXT_LOCALE cookie (on a first visit,
 * from Accept-Language: `chooseLocale` in proxy.ts passes its pick as `localeCookie`), and this
 * internal segment lets each (locale, page) pair be rendered and cached on its own.
 */
export function internalPath(options: {
  pathname: string;
  localeCookie: string | undefined;
  tenantSlug: string | null;
}): string {
  const locale = resolveLocale(options.localeCookie);
  const rest = options.pathname === "/" ? "" : options.pathname;
  if (options.tenantSlug) return `/${locale}/${TENANT_HOST_SEGMENT}/${options.tenantSlug}${rest}`;
  const first = safeDecode(rest.split("/")[1] ?? "");
  // The tenant-host tree and the unlocked pages are internal: asked for directly, they are a
  // path no route claims (404).
  if (first === TENANT_HOST_SEGMENT || first === UNLOCKED_SEGMENT) return `/${locale}/_${rest}`;
  return `/${locale}${rest}`;
}

export { localeCookieName };

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
