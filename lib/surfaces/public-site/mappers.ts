/** Database rows → the public DTOs of `types.ts` (companies, contents, events). */
import { normalizeHex } from "@/lib/features/brand/colors";
import { DEFAULT_TEMPLATE, templateOf } from "@/lib/features/brand/templates";
import { resolveLocale } from "@/lib/core/i18n/config";
import { eventBannerUrl, publicCompanyLogoUrl, versionOf } from "@/lib/platform/media/urls";
import { displayMedia } from "@/lib/features/content/kind-rules";
import { effectiveTier } from "@/lib/platform/plans/effective";
import { planAllows } from "@/lib/platform/plans/gate";
import {
  bannerImageOf,
  countsOf,
  imageOf,
  primaryKindOf,
  toPublicMedia,
  type BannerMedia,
} from "@/lib/surfaces/public-site/media-mappers";
import type {
  CompanyRow,
  ContentRow,
  EventRow,
  MediaRef,
  MediaRow,
} from "@/lib/surfaces/public-site/selects";
import { textVersions, type VersionIndex } from "@/lib/surfaces/public-site/texts";
import type { FilterKind, PublicCompany, PublicContent, PublicEvent } from "@/lib/surfaces/public-site/types";
import { isEventListed, isUnlisted } from "@/lib/platform/site/visibility";
import { fanVariants } from "@/lib/platform/media/watermark/stored";

function text(value: string | null | undefined): string | undefined {
  return typeof value === "string" && value.trim() ? value : undefined;
}

/**
 * The brand the pages show: the picks need `customBranding`, the missing "Powered by" needs
 * `whiteLabel`, both read from the effective plan at load time (the cached page is expired
 * by `revalidatePublic` when the plan changes; a trial's end shows within the hourly
 * revalidation).
 */
export function publicBrand(
  row: Pick<CompanyRow, "brandColor" | "accentColor" | "colorScheme" | "template" | "plan" | "subscription">,
  now: Date,
): Pick<PublicCompany, "brandColor" | "accentColor" | "colorScheme" | "template" | "whiteLabel"> {
  const tier = effectiveTier(row.plan, row.subscription, now);
  const whiteLabel = planAllows(tier, "whiteLabel");
  if (!planAllows(tier, "customBranding")) {
    return {
      brandColor: null,
      accentColor: null,
      colorScheme: "system",
      template: DEFAULT_TEMPLATE,
      whiteLabel,
    };
  }
  return {
    brandColor: normalizeHex(row.brandColor),
    accentColor: normalizeHex(row.accentColor),
    colorScheme: row.colorScheme,
    template: templateOf(row.template),
    whiteLabel,
  };
}

/** The company; `versions` holds the page's versions (`loadVersions`), none when left out. */
export function toPublicCompany(row: CompanyRow, versions?: VersionIndex, now = new Date()): PublicCompany {
  const field = (name: "description" | "landingPageName" | "landingPageDescription") =>
    textVersions(row[name], row.sourceLocale, { entity: "company", entityId: row.id, field: name }, versions);
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    logoUrl: row.logoKey ? publicCompanyLogoUrl(row.id, versionOf(row.logoKey)) : null,
    ...publicBrand(row, now),
    sourceLocale: resolveLocale(row.sourceLocale),
    description: field("description"),
    landingName: field("landingPageName"),
    landingDescription: field("landingPageDescription"),
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

export function toPublicContent(
  row: ContentRow,
  coverRows: Map<string, MediaRow>,
  full: boolean,
  texts: { sourceLocale: string; versions?: VersionIndex },
): PublicContent {
  const field = (name: "title" | "description") =>
    textVersions(
      row[name],
      texts.sourceLocale,
      { entity: "content", entityId: row.id, field: name },
      texts.versions,
    );
  const refs: MediaRef[] = row.mediaFiles;
  const shown = displayMedia({ ...row, mediaFiles: refs });
  // A watermarked gallery's photos: their marked renditions (issue #36, watermark/stored.ts).
  const fan = (m: MediaRow): MediaRow => ({ ...m, variants: fanVariants(m, row.watermarkPhotos) });
  const coverFound =
    (row.coverMediaId ? coverRows.get(row.coverMediaId) : undefined) ??
    refs.map((m) => coverRows.get(m.id)).find((m) => m && (m.kind === "photo" || m.kind === "video"));
  const coverRow = coverFound ? fan(coverFound) : undefined;
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
    downloadRule: row.downloadRule,
    unlisted: isUnlisted(row),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    cover: coverRow ? imageOf(coverRow) : null,
    // Originals are for players only where fans may have them: not behind the lead gate, and not
    // when the organiser gives web-size copies or nothing (resolve-media-object.ts refuses them).
    media: full
      ? shown.map((m) =>
          toPublicMedia(fan(m as MediaRow), row.requiresLead || row.downloadRule !== "original"),
        )
      : [],
    counts: countsOf(shown),
    // Listed events only: a gallery's card or page never names a password event (nor an unlisted
    // one, which opens by its link alone) to a browser that has not unlocked it (issue #36 review).
    eventSlugs: row.events.filter((l) => isEventListed(l.event)).map((l) => l.event.slug),
    texts: { title: field("title"), description: field("description") },
  };
}

/** `banners`: the banner media by storage key (`loadBanners`), for the banner's srcset. */
export function toPublicEvent(
  row: EventRow,
  contents: PublicContent[],
  texts: { sourceLocale: string; versions?: VersionIndex },
  banners?: ReadonlyMap<string, BannerMedia>,
): PublicEvent {
  const field = (name: "name" | "description") =>
    textVersions(
      row[name],
      texts.sourceLocale,
      { entity: "event", entityId: row.id, field: name },
      texts.versions,
    );
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
    unlisted: isUnlisted(row),
    bannerUrl,
    cover: row.bannerKey
      ? bannerImageOf(row.id, versionOf(row.bannerKey), banners?.get(row.bannerKey) ?? null)
      : firstCover,
    kinds: [...kinds],
    texts: { name: field("name"), description: field("description") },
  };
}
