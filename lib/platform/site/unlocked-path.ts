import { TENANT_HOST_SEGMENT, UNLOCKED_SEGMENT } from "@/lib/core/i18n/locale-path";
import type { SiteMode } from "@/lib/platform/site/links";
import { unlockCookieName } from "@/lib/platform/site/gallery-access";

/** The event pages' segment (app/[locale]/[clientSlug]/evento, ~site/…/evento, ~unlocked/…/evento). */
export const EVENT_SEGMENT = "evento";

/**
 * Where the proxy sends a browser that unlocked a password gallery or a password event (issue
 * #36). The player and event pages are cached for everyone and never read cookies, so:
 * - a player request that carries that gallery's unlock cookie (`ag_unlock_<id>`), or any event's
 *   (`ag_unlock_ev_<id>`: the proxy cannot know a gallery's events from its URL, and a gallery
 *   only password events show opens with theirs), is rewritten to the per-request page
 *   `/{locale}/~unlocked/{mode}/{slug}/{id}`;
 * - an event page request that carries any event's unlock cookie (the URL names the event by its
 *   slug, the cookie by its id) to `/{locale}/~unlocked/{mode}/{slug}/evento/{eventSlug}`
 * (app/[locale]/(per-request)/~unlocked), which check the cookies and render the gallery or the
 * event for that browser only. The cookies' presence decides only the route; the page decides access.
 */
export const UNLOCKED_GLOBAL_SLUG = "-";

const SITE_MODES: readonly SiteMode[] = ["global", "path", "host"];
export const isSiteMode = (value: string): value is SiteMode =>
  (SITE_MODES as readonly string[]).includes(value);

/** A record id as a player URL carries it (`isRecordIdShape`); anything else is left to the cached page. */
const ID = "[A-Za-z0-9_-]{1,128}";
const SLUG = "[a-z0-9-]{1,128}";
const EVENT_PATHS: { mode: SiteMode; pattern: RegExp }[] = [
  {
    mode: "host",
    pattern: new RegExp(`^/([a-z]{2})/${TENANT_HOST_SEGMENT}/([a-z0-9-]+)/${EVENT_SEGMENT}/(${SLUG})/?$`),
  },
  { mode: "path", pattern: new RegExp(`^/([a-z]{2})/([a-z0-9-]+)/${EVENT_SEGMENT}/(${SLUG})/?$`) },
];
const PLAYER_PATHS: { mode: SiteMode; pattern: RegExp }[] = [
  { mode: "host", pattern: new RegExp(`^/([a-z]{2})/${TENANT_HOST_SEGMENT}/([a-z0-9-]+)/player/(${ID})/?$`) },
  { mode: "global", pattern: new RegExp(`^/([a-z]{2})/()player/(${ID})/?$`) },
  { mode: "path", pattern: new RegExp(`^/([a-z]{2})/([a-z0-9-]+)/player/(${ID})/?$`) },
];

/**
 * The per-request page for an internal player or event path (after the proxy's locale and tenant
 * rewrite) when the request carries an unlock cookie that may open it (`hasCookie`: by name;
 * `hasEventUnlock`: any event's unlock cookie); else null.
 */
export function unlockedPathFor(
  internalPath: string,
  hasCookie: (name: string) => boolean,
  hasEventUnlock = false,
): string | null {
  for (const { mode, pattern } of PLAYER_PATHS) {
    const match = pattern.exec(internalPath);
    if (!match) continue;
    const [, locale, slug, contentId] = match;
    if (!hasEventUnlock && !hasCookie(unlockCookieName(contentId!))) return null;
    return `/${locale}/${UNLOCKED_SEGMENT}/${mode}/${slug || UNLOCKED_GLOBAL_SLUG}/${contentId}`;
  }
  if (!hasEventUnlock) return null;
  for (const { mode, pattern } of EVENT_PATHS) {
    const match = pattern.exec(internalPath);
    if (!match) continue;
    const [, locale, slug, eventSlug] = match;
    return `/${locale}/${UNLOCKED_SEGMENT}/${mode}/${slug}/${EVENT_SEGMENT}/${eventSlug}`;
  }
  return null;
}
