import { db } from "@/lib/core/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { shareVariants } from "@/lib/platform/media/watermark/stored";
import { toPublicCompany } from "@/lib/surfaces/public-site/mappers";
import { resolveBanner, resolveLogoKey } from "@/lib/surfaces/public-site/resolve-media-object";
import { companySelect, contentSelect, eventSelect } from "@/lib/surfaces/public-site/selects";
import { loadVersions } from "@/lib/surfaces/public-site/load-versions";
import { pickString, textVersions } from "@/lib/surfaces/public-site/texts";
import type { PublicCompany } from "@/lib/surfaces/public-site/types";
import type { Locale } from "@/lib/core/i18n/config";
import {
  fanMediaWhere,
  isContentViewable,
  isEventListed,
  isEventViewable,
  listedContentWhere,
  notExpiredWhere,
  viewableContentWhere,
} from "@/lib/platform/site/visibility";
import { eventLocksOf, isGalleryExpired } from "@/lib/platform/site/gallery-access";

export interface OgSubjectData {
  companyName: string;
  /** The brand as the pages show it (the plan decides, see `publicBrand`). */
  brand: Pick<PublicCompany, "brandColor" | "accentColor" | "template" | "whiteLabel">;
  logoKey: string | null;
  title: string;
  /** The event's date (events and their contents). */
  event: { name: string; startsAt: string; timeZone: string; location: string | null } | null;
  /** Storage key of a photo to show (a cover's rendition, an event banner). */
  photoKey: string | null;
  /** The landing page's own text (else the company's description), in the image's language. */
  description: string | null;
}

function photoKeyOf(
  media: {
    variants: unknown;
    posterKey: string | null;
    kind: string;
    watermark: unknown;
    watermarked: boolean;
  } | null,
): string | null {
  if (!media) return null;
  // A watermarked gallery's photo: its marked rendition, or no photo at all (issue #36).
  const variants = shareVariants(media, media.watermarked);
  if (media.watermarked && media.kind === "photo")
    return variants.find((v) => v.format === "webp")?.key ?? null;
  const pick =
    variants.find((v) => v.format === "webp" && v.width >= 640) ??
    variants.filter((v) => v.format === "webp").at(-1) ??
    variants.find((v) => v.format === "jpeg");
  return pick?.key ?? media.posterKey ?? null;
}

/** A banner's key; a locked one's (a password event's, never reached here) is none. */
const bannerKeyOf = (banner: Awaited<ReturnType<typeof resolveBanner>>) =>
  banner && banner !== "locked" ? banner.key : null;

function brandOf(company: PublicCompany): OgSubjectData["brand"] {
  const { brandColor, accentColor, template, whiteLabel } = company;
  return { brandColor, accentColor, template, whiteLabel };
}

/**
 * What a landing, event or player share image shows, its texts in `locale` (the pages'
 * fallback chain); null when the page is not viewable.
 */
export async function loadOgSubject(
  kind: "company" | "event" | "content",
  id: string,
  locale: Locale = "pt",
): Promise<OgSubjectData | null> {
  const coverOf = async (contentWhere: Prisma.ContentWhereInput) => {
    const content = await db.content.findFirst({
      // Never a password gallery's photo, nor an expired one's (issue #36).
      where: {
        AND: [contentWhere, viewableContentWhere, { visibility: { not: "password" } }, notExpiredWhere()],
      },
      orderBy: [{ publishedAt: "desc" }],
      select: {
        coverMediaId: true,
        watermarkPhotos: true,
        mediaFiles: { where: fanMediaWhere, take: 1, select: { id: true } },
      },
    });
    const select = { variants: true, posterKey: true, kind: true, watermark: true } as const;
    // A chosen cover still being processed (or failed) is not shown: the first ready media is.
    const chosen = content?.coverMediaId
      ? await db.mediaFile.findFirst({ where: { id: content.coverMediaId, ...fanMediaWhere }, select })
      : null;
    const mediaId = content?.mediaFiles[0]?.id;
    const media =
      chosen ?? (mediaId ? await db.mediaFile.findUnique({ where: { id: mediaId }, select }) : null);
    return media ? { ...media, watermarked: content?.watermarkPhotos === true } : null;
  };
  const companyOf = (companyId: string) =>
    db.company.findUnique({ where: { id: companyId }, select: companySelect });

  if (kind === "company") {
    const company = await companyOf(id);
    if (!company) return null;
    const dto = toPublicCompany(company, await loadVersions(company.id));
    return {
      companyName: company.name,
      brand: brandOf(dto),
      logoKey: await resolveLogoKey(company.id),
      title: company.name,
      event: null,
      // What the landing page lists: never an unlisted gallery's photo (issue #36 review).
      photoKey: photoKeyOf(await coverOf({ companyId: id, ...listedContentWhere() })),
      description: pickString(dto.landingDescription, locale) ?? pickString(dto.description, locale),
    };
  }
  // One query for the texts of the image (event name, content title), like the pages.
  const localize = async (
    companyId: string,
    sourceLocale: string,
    texts: { entity: "event" | "content"; entityId: string; field: "name" | "title"; text: string }[],
  ) => {
    const versions = await loadVersions(companyId, {
      events: texts.filter((t) => t.entity === "event").map((t) => t.entityId),
      contents: texts.filter((t) => t.entity === "content").map((t) => t.entityId),
    });
    return texts.map((t) => pickString(textVersions(t.text, sourceLocale, t, versions), locale) ?? t.text);
  };

  // A closed page's preview (issue #36) shows nothing of it: the company only.
  const companyOnly = async (company: NonNullable<Awaited<ReturnType<typeof companyOf>>>) => ({
    companyName: company.name,
    brand: brandOf(toPublicCompany(company)),
    logoKey: await resolveLogoKey(company.id),
    title: company.name,
    event: null,
    photoKey: null,
    description: null,
  });

  if (kind === "event") {
    const event = await db.event.findUnique({ where: { id }, select: eventSelect });
    if (!event || !isEventViewable(event)) return null;
    const company = await companyOf(event.companyId);
    if (!company) return null;
    // A password event's: no name, no banner, no photo.
    if (event.visibility === "password") return companyOnly(company);
    const [name] = await localize(company.id, company.sourceLocale, [
      { entity: "event", entityId: event.id, field: "name", text: event.name },
    ]);
    return {
      companyName: company.name,
      brand: brandOf(toPublicCompany(company)),
      logoKey: await resolveLogoKey(company.id),
      title: name!,
      event: {
        name: name!,
        startsAt: event.startsAt.toISOString(),
        timeZone: event.timeZone,
        location: event.location,
      },
      photoKey:
        bannerKeyOf(await resolveBanner(event.id)) ??
        // What the event page lists: its public galleries, never an unlisted one's photo.
        photoKeyOf(await coverOf({ events: { some: { eventId: id } }, visibility: "public" })),
      description: null,
    };
  }

  const content = await db.content.findUnique({ where: { id }, select: contentSelect(false) });
  if (!content || !isContentViewable(content)) return null;
  const company = await companyOf(content.companyId);
  if (!company) return null;
  // A password or expired gallery's preview shows nothing of it, nor that of a gallery only
  // password events show: the company only (issue #36).
  const eventLocked = eventLocksOf(content.events.map((l) => l.event)).length > 0;
  if (content.visibility === "password" || eventLocked || isGalleryExpired(content))
    return companyOnly(company);
  // A listed event's name only: never a password event's, nor an unlisted one's (it opens by its
  // own link alone), on an open gallery's preview.
  const link = content.events.find((l) => isEventListed(l.event));
  const event = link
    ? await db.event.findUnique({ where: { id: link.event.id }, select: eventSelect })
    : null;
  const [title, eventName] = await localize(company.id, company.sourceLocale, [
    { entity: "content", entityId: content.id, field: "title", text: content.title },
    ...(event
      ? [{ entity: "event" as const, entityId: event.id, field: "name" as const, text: event.name }]
      : []),
  ]);
  return {
    companyName: company.name,
    brand: brandOf(toPublicCompany(company)),
    logoKey: await resolveLogoKey(company.id),
    title: title!,
    event: event
      ? {
          name: eventName!,
          startsAt: event.startsAt.toISOString(),
          timeZone: event.timeZone,
          location: event.location,
        }
      : null,
    photoKey: photoKeyOf(await coverOf({ id })),
    description: null,
  };
}
