import "server-only";
import { revalidatePath, revalidateTag } from "next/cache";
import { locales } from "@/lib/core/i18n/config";
import { TENANT_HOST_SEGMENT } from "@/lib/core/i18n/locale-path";

/**
 * Public pages are cached per (locale, page) and tagged with what they show. Admin
 * mutations call `revalidatePublic` with what they changed, so fans see it at once.
 */
/*
 * Translations (issue #15) are part of each page's cached data, all locales at once (the data
 * entry is per page, the render per (locale, page)). A version that is written, becomes ready
 * or stale, or is removed must expire the COMPANY tag: an event's name is also on the landing
 * page and its contents' player pages, a content's title on the landing and event pages, and
 * only the company tag is on every cached read (pages, share images). The event/content tags
 * alone would leave the landing stale. `revalidatePublic({ companyId })` is enough.
 */
export const cacheTags = {
  company: (companyId: string) => `company:${companyId}`,
  event: (eventId: string) => `event:${eventId}`,
  content: (contentId: string) => `content:${contentId}`,
} as const;

/** What changed on a company's public site: its pages, and those of these events and contents. */
export interface PublicChange {
  companyId: string;
  eventIds?: string[];
  contentIds?: string[];
}

export function revalidatePublic(changed: PublicChange): void {
  const tags = [
    cacheTags.company(changed.companyId),
    ...(changed.eventIds ?? []).map(cacheTags.event),
    ...(changed.contentIds ?? []).map(cacheTags.content),
  ];
  // Expire at once (not "max", which serves the stale page once more): an organiser who
  // publishes and opens the public page must see what they just published.
  for (const tag of tags) revalidateTag(tag, { expire: 0 });
}

/**
 * Every public page under these company slugs, in every language and both trees: after a slug
 * change, the new slug's pages may be cached as "not found" (they carry no company tag).
 */
export function revalidatePublicSlugs(slugs: readonly string[]): void {
  for (const slug of slugs) {
    for (const locale of locales) {
      revalidatePath(`/${locale}/${slug}`, "layout");
      revalidatePath(`/${locale}/${TENANT_HOST_SEGMENT}/${slug}`, "layout");
    }
  }
}
