/**
 * Reads for the public pages, as plain functions of a Prisma client (integration tests pass
 * their own). `lib/public/queries.ts` wraps them with the app's client and the tagged cache.
 *
 * Visibility (spec §4):
 * - an event is viewable only when published AND public;
 * - a content is viewable when published and, if it is linked to events, at least one of
 *   them is viewable (a gallery of a draft or private event stays hidden);
 * - media are shown only when `ready`, and only through their viewable content.
 */
import type { PrismaClient } from "@/lib/db-client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { locales } from "@/lib/i18n/config";
import { parseStoredVariants } from "@/lib/media/variants";
import { companyLogoUrl, eventBannerUrl, publicMediaUrl, type MediaVariant } from "@/lib/media/urls";
import type {
  EventPageData,
  FilterKind,
  ImageSource,
  LandingData,
  MediaKindDto,
  PlayerPageData,
  PublicCompany,
  PublicContent,
  PublicEvent,
  PublicImage,
  PublicMedia,
  Translations,
} from "@/lib/public/types";

// ───────────────────────────── selections ─────────────────────────────

const companySelect = {
  id: true,
  slug: true,
  name: true,
  logoKey: true,
  logoUrl: true,
  brandColor: true,
  description: true,
  descriptionTranslations: true,
  landingPageName: true,
  landingPageDescription: true,
  landingPageTranslations: true,
  landingPageDisplayMode: true,
  promotionUrl: true,
  website: true,
  primaryEmail: true,
  phone: true,
  whatsappUrl: true,
  instagramUrl: true,
  facebookUrl: true,
  linkedinUrl: true,
  twitterUrl: true,
  youtubeUrl: true,
  tiktokUrl: true,
  city: true,
  country: true,
  termsText: true,
  privacyText: true,
  updatedAt: true,
} satisfies Prisma.CompanySelect;

const mediaSelect = {
  id: true,
  kind: true,
  mimeType: true,
  width: true,
  height: true,
  durationMs: true,
  blurDataUrl: true,
  variants: true,
  posterKey: true,
  waveform: true,
} satisfies Prisma.MediaFileSelect;

const eventSelect = {
  id: true,
  companyId: true,
  slug: true,
  name: true,
  description: true,
  bannerKey: true,
  startsAt: true,
  timeZone: true,
  location: true,
  priceMinor: true,
  currency: true,
  status: true,
  isPublic: true,
} satisfies Prisma.EventSelect;

/** Contents with their media: `full` lists every field, otherwise only id and kind (cards). */
function contentSelect(full: boolean) {
  return {
    id: true,
    companyId: true,
    title: true,
    description: true,
    category: true,
    tags: true,
    kind: true,
    status: true,
    requiresLead: true,
    coverMediaId: true,
    publishedAt: true,
    mediaFiles: {
      where: { state: "ready" },
      orderBy: [{ position: "asc" }, { createdAt: "asc" }],
      select: full ? mediaSelect : { id: true, kind: true },
    },
    events: {
      orderBy: { position: "asc" },
      select: { position: true, event: { select: { id: true, slug: true, status: true, isPublic: true } } },
    },
  } satisfies Prisma.ContentSelect;
}

type CompanyRow = Prisma.CompanyGetPayload<{ select: typeof companySelect }>;
type MediaRow = Prisma.MediaFileGetPayload<{ select: typeof mediaSelect }>;
type EventRow = Prisma.EventGetPayload<{ select: typeof eventSelect }>;
type ContentRow = Prisma.ContentGetPayload<{ select: ReturnType<typeof contentSelect> }>;
type MediaRef = { id: string; kind: MediaRow["kind"] };

// ───────────────────────────── visibility ─────────────────────────────

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

const viewableEventWhere = { status: "published", isPublic: true } satisfies Prisma.EventWhereInput;

/** Prisma filter equivalent of `isContentViewable`. */
export const viewableContentWhere = {
  status: "published",
  OR: [{ events: { none: {} } }, { events: { some: { event: viewableEventWhere } } }],
} satisfies Prisma.ContentWhereInput;

// ───────────────────────────── mapping ─────────────────────────────

/** A short stable token of a storage key, so a replaced file gets a new URL. */
export function versionOf(key: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

function asRecord(json: unknown): Record<string, unknown> {
  return typeof json === "object" && json !== null && !Array.isArray(json)
    ? (json as Record<string, unknown>)
    : {};
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() ? value : undefined;
}

/** Portuguese (the mandatory default) plus whatever translations exist. */
function translations(pt: string | null | undefined, others: Record<string, unknown>): Translations {
  const out: Translations = {};
  if (text(pt)) out.pt = pt!;
  for (const locale of locales) {
    if (locale === "pt") continue;
    const value = text(others[locale]);
    if (value) out[locale] = value;
  }
  return out;
}

export function toPublicCompany(row: CompanyRow): PublicCompany {
  const landing = asRecord(row.landingPageTranslations);
  const landingField = (field: "name" | "description") =>
    Object.fromEntries(locales.map((l) => [l, asRecord(landing[l])[field]]));
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    logoUrl: row.logoKey ? companyLogoUrl(row.id, versionOf(row.logoKey)) : null,
    brandColor: row.brandColor && /^#[0-9a-f]{6}$/i.test(row.brandColor) ? row.brandColor : null,
    description: translations(row.description, asRecord(row.descriptionTranslations)),
    landingName: translations(row.landingPageName ?? row.name, landingField("name")),
    landingDescription: translations(row.landingPageDescription, landingField("description")),
    displayMode: row.landingPageDisplayMode,
    promotionUrl: safeUrl(row.promotionUrl),
    contacts: {
      whatsapp: safeUrl(row.whatsappUrl),
      email: row.primaryEmail && /^[^\s@<>"]+@[^\s@<>"]+$/.test(row.primaryEmail) ? row.primaryEmail : null,
      website: safeUrl(row.website),
      phone: row.phone?.trim() || null,
      instagram: safeUrl(row.instagramUrl),
      facebook: safeUrl(row.facebookUrl),
      linkedin: safeUrl(row.linkedinUrl),
      twitter: safeUrl(row.twitterUrl),
      youtube: safeUrl(row.youtubeUrl),
      tiktok: safeUrl(row.tiktokUrl),
    },
    city: row.city,
    country: row.country,
    termsText: text(row.termsText) ?? null,
    privacyText: text(row.privacyText) ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Only http(s) links reach a page: never `javascript:` or other schemes. */
export function safeUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : null;
  } catch {
    return null;
  }
}

function imageOf(media: MediaRow, gated: boolean): PublicImage | null {
  if (media.kind !== "photo" && media.kind !== "video") return null;
  const variants = parseStoredVariants(media.variants) ?? [];
  const sources = (format: "avif" | "webp"): ImageSource[] =>
    variants
      .filter((v) => v.format === format)
      .sort((a, b) => a.width - b.width)
      .map((v) => ({
        width: v.width,
        url: publicMediaUrl(media.id, `w${v.width}.${format}` as MediaVariant),
      }));
  const fallbackUrl =
    media.kind === "video"
      ? media.posterKey
        ? publicMediaUrl(media.id, "poster")
        : null
      : gated
        ? (sources("webp").at(-1)?.url ?? null)
        : publicMediaUrl(media.id, "original");
  const avif = sources("avif");
  const webp = sources("webp");
  if (!fallbackUrl && webp.length === 0) return null;
  return {
    width: media.width,
    height: media.height,
    blurDataUrl: media.blurDataUrl?.startsWith("data:image/") ? media.blurDataUrl : null,
    avif,
    webp,
    fallbackUrl,
  };
}

function toPublicMedia(media: MediaRow, gated: boolean): PublicMedia {
  const waveform = Array.isArray(media.waveform)
    ? (media.waveform as unknown[]).filter((v): v is number => typeof v === "number")
    : null;
  return {
    id: media.id,
    kind: media.kind,
    mimeType: media.mimeType,
    image: imageOf(media, gated),
    originalUrl: gated ? null : publicMediaUrl(media.id, "original"),
    posterUrl: media.kind === "video" && media.posterKey ? publicMediaUrl(media.id, "poster") : null,
    durationMs: media.durationMs,
    waveform: waveform && waveform.length > 0 ? waveform : null,
  };
}

/**
 * The media a content shows, in order. A single's cover is a separate picture (an audio
 * track's artwork, a PDF's poster): it is left out of the list when another file is the
 * content itself.
 */
export function displayMedia<T extends MediaRef>(content: {
  kind: string;
  coverMediaId: string | null;
  mediaFiles: T[];
}): T[] {
  if (content.kind !== "single" || content.mediaFiles.length < 2) return content.mediaFiles;
  const rest = content.mediaFiles.filter((m) => m.id !== content.coverMediaId);
  return rest.length > 0 ? rest : content.mediaFiles;
}

function primaryKindOf(content: {
  kind: string;
  coverMediaId: string | null;
  mediaFiles: MediaRef[];
}): MediaKindDto {
  if (content.kind === "photo_gallery") return "photo";
  if (content.kind === "video_gallery") return "video";
  return displayMedia(content)[0]?.kind ?? "document";
}

function countsOf(media: MediaRef[]): Record<MediaKindDto, number> {
  const counts: Record<MediaKindDto, number> = { photo: 0, video: 0, audio: 0, document: 0 };
  for (const m of media) counts[m.kind]++;
  return counts;
}

function toPublicContent(row: ContentRow, coverRows: Map<string, MediaRow>, full: boolean): PublicContent {
  const refs: MediaRef[] = row.mediaFiles;
  const shown = displayMedia({ ...row, mediaFiles: refs });
  const coverRow =
    (row.coverMediaId ? coverRows.get(row.coverMediaId) : undefined) ??
    refs.map((m) => coverRows.get(m.id)).find((m) => m && (m.kind === "photo" || m.kind === "video"));
  return {
    id: row.id,
    companyId: row.companyId,
    title: row.title,
    description: row.description,
    category: row.category,
    tags: row.tags,
    kind: row.kind,
    primaryKind: primaryKindOf({ ...row, mediaFiles: refs }),
    requiresLead: row.requiresLead,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    cover: coverRow ? imageOf(coverRow, row.requiresLead) : null,
    media: full ? shown.map((m) => toPublicMedia(m as MediaRow, row.requiresLead)) : [],
    counts: countsOf(shown),
    eventSlugs: row.events.filter((l) => isEventViewable(l.event)).map((l) => l.event.slug),
  };
}

function toPublicEvent(row: EventRow, contents: PublicContent[]): PublicEvent {
  const bannerUrl = row.bannerKey ? eventBannerUrl(row.id, versionOf(row.bannerKey)) : null;
  const kinds = new Set<FilterKind>();
  for (const c of contents) {
    for (const kind of ["photo", "video", "audio"] as const) if (c.counts[kind] > 0) kinds.add(kind);
  }
  const firstCover = contents.find((c) => c.cover)?.cover ?? null;
  return {
    id: row.id,
    companyId: row.companyId,
    slug: row.slug,
    name: row.name,
    description: row.description,
    startsAt: row.startsAt.toISOString(),
    timeZone: row.timeZone,
    location: row.location,
    priceMinor: row.priceMinor,
    currency: row.currency,
    bannerUrl,
    cover: bannerUrl
      ? { width: null, height: null, blurDataUrl: null, avif: [], webp: [], fallbackUrl: bannerUrl }
      : firstCover,
    kinds: [...kinds],
  };
}

/** Full media rows for the covers (and, when `full`, every media) of the given contents. */
async function mediaRows(
  prisma: PrismaClient,
  rows: ContentRow[],
  full: boolean,
): Promise<Map<string, MediaRow>> {
  const out = new Map<string, MediaRow>();
  if (full) for (const row of rows) for (const m of row.mediaFiles as MediaRow[]) out.set(m.id, m);
  const wanted = new Set<string>();
  for (const row of rows) {
    if (row.coverMediaId) wanted.add(row.coverMediaId);
    // Fallback cover when none is set (or it is not ready): the first photo or video.
    const first = row.mediaFiles.find((m) => m.kind === "photo" || m.kind === "video");
    if (first) wanted.add(first.id);
  }
  const missing = [...wanted].filter((id) => !out.has(id));
  if (missing.length > 0) {
    const found = await prisma.mediaFile.findMany({
      where: { id: { in: missing }, state: "ready" },
      select: mediaSelect,
    });
    for (const m of found) out.set(m.id, m);
  }
  return out;
}

async function contentsOf(
  prisma: PrismaClient,
  where: Prisma.ContentWhereInput,
  full: boolean,
): Promise<PublicContent[]> {
  const rows = await prisma.content.findMany({
    where: { AND: [where, viewableContentWhere] },
    orderBy: [{ publishedAt: "desc" }, { createdAt: "desc" }],
    select: contentSelect(full),
  });
  const media = await mediaRows(prisma, rows, full);
  return rows.map((row) => toPublicContent(row, media, full));
}

// ───────────────────────────── loaders ─────────────────────────────

export async function findCompanyId(prisma: PrismaClient, slug: string): Promise<string | null> {
  const row = await prisma.company.findUnique({ where: { slug: slug.toLowerCase() }, select: { id: true } });
  return row?.id ?? null;
}

export async function loadCompany(prisma: PrismaClient, companyId: string): Promise<PublicCompany | null> {
  const row = await prisma.company.findUnique({ where: { id: companyId }, select: companySelect });
  return row ? toPublicCompany(row) : null;
}

export async function loadLanding(prisma: PrismaClient, companyId: string): Promise<LandingData | null> {
  const company = await loadCompany(prisma, companyId);
  if (!company) return null;
  const [eventRows, contents] = await Promise.all([
    prisma.event.findMany({
      where: { companyId, ...viewableEventWhere },
      orderBy: { startsAt: "desc" },
      select: eventSelect,
    }),
    contentsOf(prisma, { companyId }, false),
  ]);
  const events = eventRows.map((row) =>
    toPublicEvent(
      row,
      contents.filter((c) => c.eventSlugs.includes(row.slug)),
    ),
  );
  return {
    company,
    events,
    galleries: contents.filter((c) => c.eventSlugs.length > 0),
    resources: contents.filter((c) => c.eventSlugs.length === 0),
  };
}

/** The event by its global slug; `companyId` restricts it to one tenant (path and host modes). */
export async function loadEventPage(
  prisma: PrismaClient,
  eventSlug: string,
  companyId?: string,
): Promise<EventPageData | null> {
  const row = await prisma.event.findUnique({
    where: { slug: eventSlug.toLowerCase() },
    select: eventSelect,
  });
  if (!row || (companyId && row.companyId !== companyId)) return null;
  const company = await loadCompany(prisma, row.companyId);
  if (!company) return null;
  if (!isEventViewable(row)) return { state: "unavailable", company, eventName: row.name };

  const contents = await contentsOf(prisma, { events: { some: { eventId: row.id } } }, true);
  // Order as the organiser arranged them in the event.
  const positions = await prisma.contentEvent.findMany({
    where: { eventId: row.id },
    select: { contentId: true, position: true },
  });
  const position = new Map(positions.map((p) => [p.contentId, p.position]));
  contents.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
  return { state: "ok", company, event: toPublicEvent(row, contents), contents };
}

export async function loadPlayerPage(
  prisma: PrismaClient,
  contentId: string,
  companyId?: string,
): Promise<PlayerPageData | null> {
  const row = await prisma.content.findUnique({ where: { id: contentId }, select: contentSelect(true) });
  if (!row || (companyId && row.companyId !== companyId)) return null;
  const company = await loadCompany(prisma, row.companyId);
  if (!company) return null;
  if (!isContentViewable(row)) return { state: "unavailable", company };
  const media = await mediaRows(prisma, [row], true);
  const content = toPublicContent(row, media, true);
  const eventIds = row.events.filter((l) => isEventViewable(l.event)).map((l) => l.event.id);
  const eventRows = eventIds.length
    ? await prisma.event.findMany({
        where: { id: { in: eventIds } },
        orderBy: { startsAt: "desc" },
        select: eventSelect,
      })
    : [];
  return { state: "ok", company, content, events: eventRows.map((e) => toPublicEvent(e, [])) };
}

// ───────────────────────────── media access ─────────────────────────────

export type MediaObject =
  { state: "ok"; key: string; cacheable: true } | { state: "gated" } | { state: "missing" };

/**
 * The storage key behind a public media URL, if the media may be shown: its content is
 * viewable (see above). `original` of lead-gated content is never served here (downloads
 * with a lead gate go through their own route).
 */
export async function resolveMediaObject(
  prisma: PrismaClient,
  mediaId: string,
  variant: string,
): Promise<MediaObject> {
  const media = await prisma.mediaFile.findUnique({
    where: { id: mediaId },
    select: {
      storageKey: true,
      posterKey: true,
      variants: true,
      content: {
        select: {
          status: true,
          requiresLead: true,
          events: { select: { event: { select: { status: true, isPublic: true } } } },
        },
      },
    },
  });
  if (!media?.content || !isContentViewable(media.content)) return { state: "missing" };
  if (variant === "original") {
    return media.content.requiresLead
      ? { state: "gated" }
      : { state: "ok", key: media.storageKey, cacheable: true };
  }
  if (variant === "poster") {
    return media.posterKey ? { state: "ok", key: media.posterKey, cacheable: true } : { state: "missing" };
  }
  const found = (parseStoredVariants(media.variants) ?? []).find((v) => v.key.endsWith(`/${variant}`));
  return found ? { state: "ok", key: found.key, cacheable: true } : { state: "missing" };
}

export async function resolveLogoKey(prisma: PrismaClient, companyId: string): Promise<string | null> {
  const row = await prisma.company.findUnique({ where: { id: companyId }, select: { logoKey: true } });
  return row?.logoKey ?? null;
}

export async function resolveBannerKey(prisma: PrismaClient, eventId: string): Promise<string | null> {
  const row = await prisma.event.findUnique({
    where: { id: eventId },
    select: { bannerKey: true, status: true, isPublic: true },
  });
  return row && isEventViewable(row) ? row.bannerKey : null;
}

// ───────────────────────────── sitemap ─────────────────────────────

export interface SitemapCompany {
  slug: string;
  updatedAt: string;
  events: { slug: string; updatedAt: string }[];
  contents: { id: string; updatedAt: string }[];
}

const SITEMAP_LIMIT = 5000;

/** Viewable pages of one company, or of every company when `companyId` is omitted. */
export async function loadSitemap(prisma: PrismaClient, companyId?: string): Promise<SitemapCompany[]> {
  const companies = await prisma.company.findMany({
    where: companyId ? { id: companyId } : undefined,
    orderBy: { createdAt: "asc" },
    take: SITEMAP_LIMIT,
    select: {
      slug: true,
      updatedAt: true,
      events: {
        where: viewableEventWhere,
        orderBy: { startsAt: "desc" },
        take: SITEMAP_LIMIT,
        select: { slug: true, updatedAt: true },
      },
      contents: {
        where: viewableContentWhere,
        orderBy: { publishedAt: "desc" },
        take: SITEMAP_LIMIT,
        select: { id: true, updatedAt: true },
      },
    },
  });
  return companies.map((c) => ({
    slug: c.slug,
    updatedAt: c.updatedAt.toISOString(),
    events: c.events.map((e) => ({ slug: e.slug, updatedAt: e.updatedAt.toISOString() })),
    contents: c.contents.map((x) => ({ id: x.id, updatedAt: x.updatedAt.toISOString() })),
  }));
}

// ───────────────────────────── share images ─────────────────────────────

export interface OgSubjectData {
  companyName: string;
  brandColor: string | null;
  logoKey: string | null;
  title: string;
  /** The event's date (events and their contents). */
  event: { name: string; startsAt: string; timeZone: string; location: string | null } | null;
  /** Storage key of a photo to show (a cover's rendition, an event banner). */
  photoKey: string | null;
  /** The landing page's own text, by locale. */
  description: Translations;
}

function photoKeyOf(
  media: { variants: unknown; posterKey: string | null; kind: string } | null,
): string | null {
  if (!media) return null;
  const variants = parseStoredVariants(media.variants) ?? [];
  const pick =
    variants.find((v) => v.format === "webp" && v.width >= 640) ??
    variants.filter((v) => v.format === "webp").at(-1) ??
    variants.find((v) => v.format === "jpeg");
  return pick?.key ?? media.posterKey ?? null;
}

/** What a landing, event or player share image shows; null when the page is not viewable. */
export async function loadOgSubject(
  prisma: PrismaClient,
  kind: "company" | "event" | "content",
  id: string,
): Promise<OgSubjectData | null> {
  const coverOf = async (contentWhere: Prisma.ContentWhereInput) => {
    const content = await prisma.content.findFirst({
      where: { AND: [contentWhere, viewableContentWhere] },
      orderBy: [{ publishedAt: "desc" }],
      select: {
        coverMediaId: true,
        mediaFiles: { where: { state: "ready" }, take: 1, select: { id: true } },
      },
    });
    const mediaId = content?.coverMediaId ?? content?.mediaFiles[0]?.id;
    if (!mediaId) return null;
    return prisma.mediaFile.findUnique({
      where: { id: mediaId },
      select: { variants: true, posterKey: true, kind: true },
    });
  };
  const companyOf = (companyId: string) =>
    prisma.company.findUnique({ where: { id: companyId }, select: companySelect });

  if (kind === "company") {
    const company = await companyOf(id);
    if (!company) return null;
    const dto = toPublicCompany(company);
    return {
      companyName: company.name,
      brandColor: dto.brandColor,
      logoKey: company.logoKey,
      title: company.name,
      event: null,
      photoKey: photoKeyOf(await coverOf({ companyId: id })),
      description: dto.landingDescription.pt ? dto.landingDescription : dto.description,
    };
  }

  if (kind === "event") {
    const event = await prisma.event.findUnique({ where: { id }, select: eventSelect });
    if (!event || !isEventViewable(event)) return null;
    const company = await companyOf(event.companyId);
    if (!company) return null;
    return {
      companyName: company.name,
      brandColor: toPublicCompany(company).brandColor,
      logoKey: company.logoKey,
      title: event.name,
      event: {
        name: event.name,
        startsAt: event.startsAt.toISOString(),
        timeZone: event.timeZone,
        location: event.location,
      },
      photoKey: event.bannerKey ?? photoKeyOf(await coverOf({ events: { some: { eventId: id } } })),
      description: {},
    };
  }

  const content = await prisma.content.findUnique({ where: { id }, select: contentSelect(false) });
  if (!content || !isContentViewable(content)) return null;
  const company = await companyOf(content.companyId);
  if (!company) return null;
  const link = content.events.find((l) => isEventViewable(l.event));
  const event = link
    ? await prisma.event.findUnique({ where: { id: link.event.id }, select: eventSelect })
    : null;
  return {
    companyName: company.name,
    brandColor: toPublicCompany(company).brandColor,
    logoKey: company.logoKey,
    title: content.title,
    event: event
      ? {
          name: event.name,
          startsAt: event.startsAt.toISOString(),
          timeZone: event.timeZone,
          location: event.location,
        }
      : null,
    photoKey: photoKeyOf(await coverOf({ id })),
    description: {},
  };
}
