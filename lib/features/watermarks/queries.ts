import "server-only";
import { db } from "@/lib/core/db";
import { getContentOrThrow } from "@/lib/features/content/get-content-or-throw";
import { getEventOrThrow } from "@/lib/features/events/get-event-or-throw";
import { thumbnailUrl } from "@/lib/platform/media/admin-urls";
import { readWatermarkDesign, type WatermarkDesign } from "@/lib/platform/media/watermark/design";
import { watermarkProgressOf, type WatermarkProgress } from "@/lib/platform/media/watermark/pass";
import { loadEffectivePlan } from "@/lib/platform/plans/effective";
import { planAllows } from "@/lib/platform/plans/gate";

/** Whether the company's effective plan includes watermarks (the forms say so when not). */
async function allowed(companyId: string): Promise<boolean> {
  const { plan } = await loadEffectivePlan(db, companyId);
  return planAllows(plan, "watermarks");
}

export interface WatermarkSettings {
  design: WatermarkDesign;
  /** A logo is set in Settings → Branding (else a logo design draws the company's name). */
  hasLogo: boolean;
  allowed: boolean;
}

/** Settings → Watermark (scoped by the caller's company id). */
export async function getWatermarkSettings(companyId: string): Promise<WatermarkSettings> {
  const [company, ok] = await Promise.all([
    db.company.findUniqueOrThrow({
      where: { id: companyId },
      select: { watermarkDesign: true, logoKey: true },
    }),
    allowed(companyId),
  ]);
  return {
    design: readWatermarkDesign(company.watermarkDesign),
    hasLogo: company.logoKey !== null,
    allowed: ok,
  };
}

export interface GalleryWatermarkStatus extends WatermarkProgress {
  allowed: boolean;
}

/** A gallery's switch and how far its background pass is; 404 for another company's gallery. */
export async function galleryWatermarkStatus(
  companyId: string,
  contentId: string,
): Promise<GalleryWatermarkStatus> {
  await getContentOrThrow(db, companyId, contentId, { id: true });
  const [progress, ok] = await Promise.all([watermarkProgressOf(contentId), allowed(companyId)]);
  return { on: false, total: 0, done: 0, failedPhotos: 0, failed: false, ...progress, allowed: ok };
}

export interface EventSponsor {
  /** The uploaded logo for the organiser's preview (a signed admin URL), null when none. */
  logo: { url: string | null; state: string } | null;
  allowed: boolean;
}

/** An event's sponsor logo for its edit page; 404 for another company's event. */
export async function eventSponsor(companyId: string, eventId: string): Promise<EventSponsor> {
  const event = await getEventOrThrow(db, companyId, eventId, { sponsorLogoKey: true });
  const ok = await allowed(companyId);
  if (!event.sponsorLogoKey) return { logo: null, allowed: ok };
  const media = await db.mediaFile.findFirst({
    where: { storageKey: event.sponsorLogoKey, companyId },
    select: { state: true, variants: true },
  });
  const url = media?.state === "ready" ? await thumbnailUrl(media.variants, 320) : null;
  return { logo: { url, state: media?.state ?? "ready" }, allowed: ok };
}
