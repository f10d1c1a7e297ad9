/**
 * What the public pages receive: explicit, JSON-safe shapes (dates as ISO strings), mapped
 * from the records by `lib/surfaces/public-site/queries.ts`, so no internal field (storage keys, e-mails of
 * staff, plan …) can reach a page or the browser. Safe to import from client components.
 */
import type { TemplateId } from "@/lib/features/brand/templates";
import type { Locale } from "@/lib/core/i18n/config";

export type MediaKindDto = "photo" | "video" | "audio" | "document";
/** The landing page's filters (spec §2): All, Photos, Videos, Audios. */
export type FilterKind = "photo" | "video" | "audio";
export const FILTER_KINDS: readonly FilterKind[] = ["photo", "video", "audio"];

export interface ImageSource {
  width: number;
  url: string;
}

/** A responsive image: AVIF and WebP renditions by width, plus its size and blur placeholder. */
export interface PublicImage {
  width: number | null;
  height: number | null;
  blurDataUrl: string | null;
  avif: ImageSource[];
  webp: ImageSource[];
  /** Served when the renditions fail to load (spec §8: fall back to the original); null when gated. */
  fallbackUrl: string | null;
}

/** One playable file of a video or audio (`PublicMedia.streams`). */
export interface PublicStream {
  url: string;
  mimeType: string;
  /** A video rendition's height (its quality label); null for audio and an original. */
  height: number | null;
}

export interface PublicMedia {
  id: string;
  kind: MediaKindDto;
  mimeType: string;
  /** Photos and video posters; null for audio and documents. */
  image: PublicImage | null;
  /** The uploaded file itself (audio/video only); null for photos and when downloads need a lead. */
  originalUrl: string | null;
  /**
   * What the player streams, default first (`playbackStreams`): the renditions, or the original
   * when there are none and it is not gated. Empty: nothing playable without the lead.
   */
  streams: PublicStream[];
  posterUrl: string | null;
  durationMs: number | null;
  /** Audio peaks 0..1. */
  waveform: number[] | null;
}

export interface PublicContent {
  id: string;
  /** Opens by its link only (issue #36): never indexed. */
  unlisted: boolean;
  companyId: string;
  title: string;
  description: string | null;
  category: string | null;
  tags: string[];
  kind: "single" | "photo_gallery" | "video_gallery";
  /** What the content mainly is, for filters and icons. */
  primaryKind: MediaKindDto;
  requiresLead: boolean;
  /** What fans may download (issue #36): the files, web-size copies of photos, or nothing. */
  downloadRule: "original" | "web" | "none";
  publishedAt: string | null;
  cover: PublicImage | null;
  /** Ready media in display order (the cover of a single is left out when it is not the main file). */
  media: PublicMedia[];
  counts: Record<MediaKindDto, number>;
  /** Slugs of the listed events it belongs to (published, public, visibility public: no password or unlisted one). */
  eventSlugs: string[];
  /** `title` and `description` above are the source; the page picks its language from these. */
  texts: { title: TextVersions; description: TextVersions };
}

export interface PublicEvent {
  id: string;
  /** Opens by its link only (issue #36): never indexed. */
  unlisted: boolean;
  companyId: string;
  slug: string;
  name: string;
  description: string | null;
  startsAt: string;
  timeZone: string;
  location: string | null;
  /** Minor units; null or 0 is free. */
  priceMinor: number | null;
  currency: string;
  bannerUrl: string | null;
  /** Cover for cards: the banner, else the first content's cover. */
  cover: PublicImage | null;
  kinds: FilterKind[];
  /** `name` and `description` above are the source; the page picks its language from these. */
  texts: { name: TextVersions; description: TextVersions };
}

export type Translations = Partial<Record<Locale, string>>;

/** One organiser text in every language fans may see it in (issue #15, `lib/surfaces/public-site/texts.ts`). */
export interface TextVersions {
  /** The source in its own locale, plus every version shown to fans, by locale. */
  byLocale: Translations;
  sourceLocale: Locale;
  /** Locales whose version an engine made: they carry the "translated automatically" note. */
  automatic: Locale[];
}

/** What a page shows for one field in its locale (`pickText`). */
export interface ShownText {
  text: string;
  lang: Locale;
  /** An engine's version: the page offers the original. */
  automatic: boolean;
  original: string;
  originalLang: Locale;
}

export interface PublicCompany {
  id: string;
  slug: string;
  name: string;
  logoUrl: string | null;
  /**
   * The brand as the pages show it: the company's picks when its effective plan includes
   * `customBranding`, otherwise the defaults (null colours, "system", classic) — a downgraded
   * company keeps its stored picks, its pages show the platform's look until it upgrades.
   * Colours are validated "#rrggbb".
   */
  brandColor: string | null;
  accentColor: string | null;
  colorScheme: "system" | "light" | "dark";
  template: TemplateId;
  /** The effective plan includes `whiteLabel`: no "Powered by Afterglow". */
  whiteLabel: boolean;
  /** The language the organiser writes in (the source of every translatable text). */
  sourceLocale: Locale;
  description: TextVersions;
  /** The landing page's own name (none: the company's name is shown). */
  landingName: TextVersions;
  landingDescription: TextVersions;
  displayMode: "events" | "galleries";
  promotionUrl: string | null;
  contacts: {
    whatsapp: string | null;
    email: string | null;
    website: string | null;
    phone: string | null;
    instagram: string | null;
    facebook: string | null;
    linkedin: string | null;
    twitter: string | null;
    youtube: string | null;
    tiktok: string | null;
  };
  city: string | null;
  country: string | null;
  termsText: string | null;
  privacyText: string | null;
  updatedAt: string;
}

export interface LandingData {
  company: PublicCompany;
  events: PublicEvent[];
  /** Published contents linked to a visible event (the "galleries" display mode). */
  galleries: PublicContent[];
  /** Published contents linked to no event: the company's general resources. */
  resources: PublicContent[];
}

/**
 * Only viewable pages have data: a draft, private or cancelled event (or content) is not found,
 * exactly like an unknown one, so nobody outside the company learns it exists (issue #12).
 */
export type OpenEventPage = {
  state: "ok";
  company: PublicCompany;
  event: PublicEvent;
  contents: PublicContent[];
};

/** A password event for a browser that has not given its password (issue #36): nothing of it but its id. */
export type LockedEventPage = { state: "locked"; company: PublicCompany; eventId: string };

export type EventPageData = OpenEventPage | LockedEventPage;

export type OpenPlayerPage = {
  state: "ok";
  company: PublicCompany;
  content: PublicContent;
  events: PublicEvent[];
};

/**
 * Issue #36: a password gallery not unlocked (the page asks for the password) or a gallery past
 * its expiry ("no longer available"). Nothing of the gallery but its id: no title, no photo.
 */
/**
 * A gallery that does not open for this browser (issue #36). `unlock`: the password a locked one
 * asks for first, its own or, for a gallery only password events show, one of those events'.
 */
export type ClosedPlayerPage =
  | {
      state: "locked";
      company: PublicCompany;
      contentId: string;
      unlock: { kind: "gallery" | "event"; id: string };
    }
  | { state: "expired"; company: PublicCompany; contentId: string };

export type PlayerPageData = OpenPlayerPage | ClosedPlayerPage;
