import "server-only";
import { revalidateTag } from "next/cache";

/**
 * Public pages are cached per (locale, page) and tagged with what they show. Admin
 * mutations call `revalidatePublic` with what they changed, so fans see it at once.
 */
export const cacheTags = {
  company: (companyId: string) => `company:${companyId}`,
  event: (eventId: string) => `event:${eventId}`,
  content: (contentId: string) => `content:${contentId}`,
} as const;

export function revalidatePublic(changed: {
  companyId: string;
  eventIds?: string[];
  contentIds?: string[];
}): void {
  const tags = [
    cacheTags.company(changed.companyId),
    ...(changed.eventIds ?? []).map(cacheTags.event),
    ...(changed.contentIds ?? []).map(cacheTags.content),
  ];
  // Expire at once (not "max", which serves the stale page once more): an organiser who
  // publishes and opens the public page must see what they just published.
  for (const tag of tags) revalidateTag(tag, { expire: 0 });
}
