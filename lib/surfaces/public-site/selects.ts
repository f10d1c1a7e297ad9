/**
 * What the public pages read from the database: the fields of each record a public DTO is
 * mapped from (`mappers.ts`), and nothing more, so an internal field never reaches a page.
 */
import { contentFieldsSelect } from "@/lib/features/content/selects";
import type { Prisma } from "@/lib/generated/prisma/client";
import { fanMediaWhere } from "@/lib/platform/site/visibility";

export const companySelect = {
  id: true,
  slug: true,
  name: true,
  logoKey: true,
  logoUrl: true,
  brandColor: true,
  accentColor: true,
  colorScheme: true,
  template: true,
  // The effective plan (lib/platform/plans/effective.ts) decides which picks the pages show.
  plan: true,
  subscription: { select: { trialActive: true, trialEnd: true } },
  // The organiser's language: every translation is of a text in it (lib/surfaces/public-site/texts.ts).
  sourceLocale: true,
  description: true,
  landingPageName: true,
  landingPageDescription: true,
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

export const mediaSelect = {
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
  // A watermarked gallery's photos are shown through their marked renditions (issue #36).
  watermark: true,
} satisfies Prisma.MediaFileSelect;

export const eventSelect = {
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
  visibility: true,
} satisfies Prisma.EventSelect;

/** Contents with their media: `full` lists every field, otherwise only id and kind (cards). */
export function contentSelect(full: boolean) {
  return {
    id: true,
    companyId: true,
    ...contentFieldsSelect,
    visibility: true,
    // The gate's columns (gallery-access.ts), read by the loaders, never mapped to a page.
    accessPasswordHash: true,
    expiresAt: true,
    mediaFiles: {
      where: fanMediaWhere,
      orderBy: [{ position: "asc" }, { createdAt: "asc" }],
      select: full ? mediaSelect : { id: true, kind: true },
    },
    events: {
      orderBy: { position: "asc" },
      // visibility and the hash: the password events that protect the gallery (gallery-access.ts),
      // read by the loaders, never mapped to a page.
      select: {
        position: true,
        event: {
          select: {
            id: true,
            slug: true,
            status: true,
            isPublic: true,
            visibility: true,
            accessPasswordHash: true,
          },
        },
      },
    },
  } satisfies Prisma.ContentSelect;
}

export type CompanyRow = Prisma.CompanyGetPayload<{ select: typeof companySelect }>;
export type MediaRow = Prisma.MediaFileGetPayload<{ select: typeof mediaSelect }>;
export type EventRow = Prisma.EventGetPayload<{ select: typeof eventSelect }>;
export type ContentRow = Prisma.ContentGetPayload<{ select: ReturnType<typeof contentSelect> }>;
export type MediaRef = { id: string; kind: MediaRow["kind"] };
