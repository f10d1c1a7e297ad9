import { localeCookieName, resolveLocale } from "@/lib/i18n/config";

/**
 * The internal path a public URL is served from: `/{locale}` + (tenant prefix) + path.
 * Public URLs never carry the locale; it comes from the NEXT_LOCALE cookie, and this
 * internal segment lets each (locale, page) pair be rendered and cached on its own.
 */
export function internalPath(options: {
  pathname: string;
  localeCookie: string | undefined;
  tenantSlug: string | null;
}): string {
  const locale = resolveLocale(options.localeCookie);
  const tenant = options.tenantSlug ? `/${options.tenantSlug}` : "";
  const rest = options.pathname === "/" ? "" : options.pathname;
  return `/${locale}${tenant}${rest}`;
}

export { localeCookieName };
