/**
 * What a fan may see (spec §4), in one place: checks on loaded rows and the equivalent Prisma
 * filters. The like statement (lib/features/engagement/like-statement.ts) has it in SQL;
 * tests/integration/visibility-sql.test.ts holds the three to the same answers. The rule:
 * - an event is viewable only when published AND public;
 * - a content is viewable when published and, if it is linked to events, at least one of
 *   them is viewable (a gallery of a draft or private event stays hidden);
 * - media are shown only when `ready`, and only through their viewable content
 *   (`contentSelect` and `resolveMediaObject`).
 */
import type { Prisma } from "@/lib/generated/prisma/client";

export function isEventViewable(event: { status: string; isPublic: boolean }): boolean {
  return event.status === "published" && event.isPublic;
}

export function isContentViewable(content: {
  status: string;
  events: { event: { status: string; isPublic: boolean } }[];
}): boolean {
  if (content.status !== "published") return false;
  return content.events.length === 0 || content.events.some((link) => isEventViewable(link.event));
}

export const viewableEventWhere = { status: "published", isPublic: true } satisfies Prisma.EventWhereInput;

/** Prisma filter equivalent of `isContentViewable`. */
export const viewableContentWhere = {
  status: "published",
  OR: [{ events: { none: {} } }, { events: { some: { event: viewableEventWhere } } }],
} satisfies Prisma.ContentWhereInput;
