import type { Metadata } from "next";
import { cookies } from "next/headers";
import type { UnlockCookies } from "@/lib/platform/site/gallery-access";
import type { SiteMode } from "@/lib/platform/site/links";
import { isSiteMode } from "@/lib/platform/site/unlocked-path";

/**
 * What the two per-request pages under app/[locale]/(per-request)/~unlocked (a gallery's player
 * page and an event's page, issue #36) share: the site mode from the path, the request's unlock
 * cookies handed to the page's loader, and their metadata (the title, never indexed).
 */
export interface UnlockedPage<T> {
  loaded: T;
  mode: SiteMode;
}

/** `load`ed with this request's cookies when `mode` is a site mode; null: the page is not found. */
export async function unlockedPageContext<T>(
  mode: string,
  load: (cookies: UnlockCookies, mode: SiteMode) => Promise<T | null>,
): Promise<UnlockedPage<T> | null> {
  if (!isSiteMode(mode)) return null;
  const jar = await cookies();
  const loaded = await load((name) => jar.get(name)?.value, mode);
  return loaded ? { loaded, mode } : null;
}

/** An unlocked page's metadata: `title` of what it shows; never indexed, not even a 404. */
export function unlockedPageMetadata<T>(
  found: UnlockedPage<T> | null,
  title: (loaded: T) => string,
): Metadata {
  if (!found) return { robots: { index: false } };
  return { title: title(found.loaded), robots: { index: false, follow: false } };
}
