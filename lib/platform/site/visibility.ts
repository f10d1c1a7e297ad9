/**
 * What a fan may see (spec §4), in one place: checks on loaded rows and the equivalent Prisma
 * filters. The like statement (lib/features/engagement/like-statement.ts) has it in SQL;
 * tests/integration/visibility-sql.test.ts holds the three to the same answers. The rule:
 * - an event is viewable only when published AND public;
 * - a content is viewable when published and, if it is linked to events, at least one of
 *   them is viewable (a gallery of a draft or private event stays hidden);
 * - media are shown only when `ready` and not `hidden` (a review's unapproved photos, issue #36),
 *   and only through their viewable content (`contentSelect` and `resolveMediaObject`).
 * Listed (issue #36) narrows viewable for the places a fan browses — the landing page, an event's
 * list, the sitemap: an `unlisted` event or content opens by its link but is never listed, and a
 * content is listed only when it is public and either stands alone or has a listed event.
 * Likes and media follow viewable, not listed: a link-holder may like an unlisted gallery.
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

/** The media a fan may see of a viewable content: every fan path filters with this. */
export const fanMediaWhere = { state: "ready", hidden: false } satisfies Prisma.MediaFileWhereInput;

/** Prisma filter equivalent of `isContentViewable`. */
export const viewableContentWhere = {
  status: "published",
  OR: [{ events: { none: {} } }, { events: { some: { event: viewableEventWhere } } }],
} satisfies Prisma.ContentWhereInput;

export function isEventListed(event: { status: string; isPublic: boolean; visibility: string }): boolean {
  return isEventViewable(event) && event.visibility === "public";
}

export function isContentListed(content: {
  status: string;
  visibility: string;
  events: { event: { status: string; isPublic: boolean; visibility: string } }[];
}): boolean {
  if (content.status !== "published" || content.visibility !== "public") return false;
  return content.events.length === 0 || content.events.some((link) => isEventListed(link.event));
}

/** Search engines are told not to index a page that is not listed (`robots` meta). */
export function isUnlisted(row: { visibility: string }): boolean {
  return row.visibility !== "public";
}

export const listedEventWhere = {
  ...viewableEventWhere,
  visibility: "public",
} satisfies Prisma.EventWhereInput;

/** A gallery not past its expiry (issue #36, gallery-access.ts): lists leave expired ones out. */
export function notExpiredWhere(now = new Date()) {
  return { OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] } satisfies Prisma.ContentWhereInput;
}

/**
 * Prisma filter equivalent of `isContentListed`, minus what has expired by `now` (the page that
 * lists it is refreshed when it expires: lib/features/content/expiry.ts).
 */
export function listedContentWhere(now = new Date()) {
  return {
    status: "published",
    visibility: "public",
    OR: [{ events: { none: {} } }, { events: { some: { event: listedEventWhere } } }],
    AND: [notExpiredWhere(now)],
  } satisfies Prisma.ContentWhereInput;
}
