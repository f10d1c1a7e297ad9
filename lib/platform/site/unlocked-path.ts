import { TENANT_HOST_SEGMENT, UNLOCKED_SEGMENT } from "@/lib/core/i18n/locale-path";
import type { SiteMode } from "@/lib/platform/site/links";
import { unlockCookieName } from "@/lib/platform/site/gallery-access";

/**
 * Where the proxy sends a browser that unlocked a password gallery (issue #36). The player pages
 * are cached for everyone and never read cookies, so a request for one that carries that
 * gallery's unlock cookie (`ag_unlock_<id>`) is rewritten to the per-request page
 * `/{locale}/~unlocked/{mode}/{slug}/{id}` (app/[locale]/(per-request)/~unlocked), which checks
 * the cookie and renders the gallery for that browser only. The cookie's presence decides only
 * the route; the page decides access.
 */
export const UNLOCKED_GLOBAL_SLUG = "-";

const SITE_MODES: readonly SiteMode[] = ["global", "path", "host"];
export const isSiteMode = (value: string): value is SiteMode =>
  (SITE_MODES as readonly string[]).includes(value);

/** A record id as a player URL carries it (`isRecordIdShape`); anything else is left to the cached page. */
const ID = "[A-Za-z0-9_-]{1,128}";
const PLAYER_PATHS: { mode: SiteMode; pattern: RegExp }[] = [
  { mode: "host", pattern: new RegExp(`^/([a-z]{2})/${TENANT_HOST_SEGMENT}/([a-z0-9-]+)/player/(${ID})/?$`) },
  { mode: "global", pattern: new RegExp(`^/([a-z]{2})/()player/(${ID})/?$`) },
  { mode: "path", pattern: new RegExp(`^/([a-z]{2})/([a-z0-9-]+)/player/(${ID})/?$`) },
];

/**
 * The per-request page for an internal player path (after the proxy's locale and tenant
 * rewrite) when `hasCookie` says the request carries that gallery's unlock cookie; else null.
 */
export function unlockedPathFor(internalPath: string, hasCookie: (name: string) => boolean): string | null {
  for (const { mode, pattern } of PLAYER_PATHS) {
    const match = pattern.exec(internalPath);
    if (!match) continue;
    const [, locale, slug, contentId] = match;
    if (!hasCookie(unlockCookieName(contentId!))) return null;
    return `/${locale}/${UNLOCKED_SEGMENT}/${mode}/${slug || UNLOCKED_GLOBAL_SLUG}/${contentId}`;
  }
  return null;
}
