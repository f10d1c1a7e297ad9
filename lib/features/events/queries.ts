import { db } from "@/lib/core/db";
import { keysetSlice, type KeysetLinks, type KeysetOrder } from "@/lib/core/pagination/keyset";
import { appUrl } from "@/lib/core/env";
import { getEventOrThrow } from "@/lib/features/events/get-event-or-throw";
import type { EventListFilters, EventVisibilityValue } from "@/lib/features/events/schemas";
import { eventSlugCandidates } from "@/lib/features/events/slug";
import { tenantLinks } from "@/lib/platform/site/links";
import { slugify } from "@/lib/platform/site/slug";
import { utcToZoned } from "@/lib/features/events/time-zone";
import type { EventStatus, Prisma, ProcessingState } from "@/lib/generated/prisma/client";
import { thumbnailUrl } from "@/lib/platform/media/admin-urls";

export const EVENTS_PAGE_SIZE = 20;

/** Latest start first; pages continue after a row (lib/core/pagination/keyset.ts). */
const EVENTS_ORDER = {
  field: "startsAt",
  direction: "desc",
  idDirection: "asc",
} as const satisfies KeysetOrder<"startsAt">;

/** The public address of an event (what the QR code encodes): it carries the company. */
export function eventPublicUrl(companySlug: string, slug: string): string {
  return `${appUrl}${tenantLinks("path", companySlug).event(slug)}`;
}

export interface EventListItem {
  id: string;
  name: string;
  slug: string;
  startsAt: string;
  timeZone: string;
  /** Wall-clock date and time in the event's zone. */
  local: { date: string; time: string };
  location: string | null;
  status: EventStatus;
  isPublic: boolean;
  visibility: EventVisibilityValue;
  participantsCount: number;
  maxParticipants: number | null;
  priceMinor: number | null;
  currency: string;
  contentCount: number;
}

const eventRowSelect = {
  id: true,
  name: true,
  slug: true,
  startsAt: true,
  timeZone: true,
  location: true,
  status: true,
  isPublic: true,
  visibility: true,
  participantsCount: true,
  maxParticipants: true,
  priceMinor: true,
  currency: true,
  _count: { select: { contents: true } },
} satisfies Prisma.EventSelect;

export interface EventList extends KeysetLinks {
  items: EventListItem[];
  total: number;
}

/** One page of the company's events, latest start first, after or before the filters' cursor. */
export async function listEvents(
  companyId: string,
  filters: EventListFilters,
  /** The public API's page size (issue #38). */
  limit: number = EVENTS_PAGE_SIZE,
): Promise<EventList> {
  const where: Prisma.EventWhereInput = { companyId };
  if (filters.status) where.status = filters.status;
  if (filters.q) {
    where.OR = [
      { name: { contains: filters.q, mode: "insensitive" } },
      { slug: { contains: filters.q, mode: "insensitive" } },
      { location: { contains: filters.q, mode: "insensitive" } },
    ];
  }
  const [total, { rows, ...links }] = await Promise.all([
    db.event.count({ where }),
    keysetSlice({
      order: EVENTS_ORDER,
      where,
      request: filters,
      limit,
      find: (page) => db.event.findMany({ ...page, select: eventRowSelect }),
    }),
  ]);
  return {
    items: rows.map(({ _count, startsAt, ...e }) => ({
      ...e,
      startsAt: startsAt.toISOString(),
      local: utcToZoned(startsAt, e.timeZone),
      contentCount: _count.contents,
    })),
    total,
    ...links,
  };
}

export interface EventFormValues {
  name: string;
  slug: string;
  description: string;
  date: string;
  time: string;
  timeZone: string;
  location: string;
  maxParticipants: string;
  participantsCount: string;
  isFree: boolean;
  price: string;
  currency: "EUR" | "USD" | "BRL" | "GBP";
  status: EventStatus;
  isPublic: boolean;
  /** Who opens it (issue #36): everyone, whoever has the link, whoever has the password. */
  visibility: EventVisibilityValue;
  /** A new password; empty keeps the one set before (the form never gets it back). */
  accessPassword: string;
  /** A password is stored (never the password, nor its hash). */
  hasPassword: boolean;
}

export interface EventForEdit {
  id: string;
  values: EventFormValues;
  banner: { state: ProcessingState; url: string | null } | null;
  publicUrl: string;
  contentCount: number;
}

export async function getEventForEdit(companyId: string, eventId: string): Promise<EventForEdit> {
  const e = await getEventOrThrow(db, companyId, eventId, {
    id: true,
    name: true,
    slug: true,
    description: true,
    startsAt: true,
    timeZone: true,
    location: true,
    maxParticipants: true,
    participantsCount: true,
    priceMinor: true,
    currency: true,
    status: true,
    isPublic: true,
    visibility: true,
    accessPasswordHash: true,
    bannerKey: true,
    company: { select: { slug: true } },
    _count: { select: { contents: true } },
  });
  const local = utcToZoned(e.startsAt, e.timeZone);
  const bannerMedia = e.bannerKey
    ? await db.mediaFile.findFirst({
        where: { storageKey: e.bannerKey, companyId },
        select: { state: true, variants: true },
      })
    : null;
  return {
    id: e.id,
    values: {
      name: e.name,
      slug: e.slug,
      description: e.description ?? "",
      date: local.date,
      time: local.time,
      timeZone: e.timeZone,
      location: e.location ?? "",
      maxParticipants: e.maxParticipants?.toString() ?? "",
      participantsCount: String(e.participantsCount),
      isFree: !e.priceMinor,
      price: e.priceMinor ? (e.priceMinor / 100).toFixed(2) : "",
      currency: (["EUR", "USD", "BRL", "GBP"].includes(e.currency)
        ? e.currency
        : "EUR") as EventFormValues["currency"],
      status: e.status,
      isPublic: e.isPublic,
      visibility: e.visibility,
      accessPassword: "",
      hasPassword: e.accessPasswordHash !== null,
    },
    banner: bannerMedia
      ? { state: bannerMedia.state, url: await thumbnailUrl(bannerMedia.variants, 640) }
      : null,
    publicUrl: eventPublicUrl(e.company.slug, e.slug),
    contentCount: e._count.contents,
  };
}

/** Events to link contents to (the content form's choices). */
export async function eventOptions(companyId: string): Promise<{ id: string; name: string; date: string }[]> {
  const rows = await db.event.findMany({
    where: { companyId },
    orderBy: { startsAt: "desc" },
    select: { id: true, name: true, startsAt: true, timeZone: true },
    take: 500,
  });
  return rows.map((r) => ({ id: r.id, name: r.name, date: utcToZoned(r.startsAt, r.timeZone).date }));
}

/**
 * Whether a slug is free in the company (slugs are unique per company: another company's
 * events neither block a slug nor are revealed by this check), and a free suggestion
 * derived from it or from the name: `name`, `name-2`, …
 */
export async function checkEventSlug(options: {
  companyId: string;
  slug: string;
  exceptEventId?: string;
}): Promise<{ available: boolean; suggestion: string | null }> {
  const base = slugify(options.slug);
  if (!base) return { available: false, suggestion: null };
  const candidates = eventSlugCandidates(base);
  const taken = await db.event.findMany({
    where: {
      companyId: options.companyId,
      slug: { in: candidates },
      ...(options.exceptEventId ? { id: { not: options.exceptEventId } } : {}),
    },
    select: { slug: true },
  });
  const used = new Set(taken.map((t) => t.slug));
  return {
    available: base === options.slug && !used.has(base),
    suggestion: candidates.find((c) => !used.has(c)) ?? null,
  };
}
