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
  // "max": serve the stale page once while the fresh one renders in the background.
  for (const tag of tags) revalidateTag(tag, "max");
}
