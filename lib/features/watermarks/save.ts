import "server-only";
import { recordMemberAudit } from "@/lib/core/audit/record";
import { db } from "@/lib/core/db";
import { AppError, parseOrThrow } from "@/lib/core/errors";
import { consumeLimits, enforceLimits, rateLimited } from "@/lib/core/rate-limit/limiter";
import { requestWatermarks } from "@/lib/core/queue/sender";
import { getContentOrThrow } from "@/lib/features/content/get-content-or-throw";
import { getEventOrThrow } from "@/lib/features/events/get-event-or-throw";
import { designFormSchema, sponsorLogoSchema } from "@/lib/features/watermarks/schemas";
import { assertCan } from "@/lib/platform/access/permissions";
import { claimLooseMedia, releaseLooseMedia } from "@/lib/platform/media/loose-media";
import { forgetWatermarkFailures } from "@/lib/platform/media/watermark/pass";
import { redrawWatermarkedGalleries } from "@/lib/platform/media/watermark/requests";
import { assertPlanAllows } from "@/lib/platform/plans/enforce";
import type { PublicChange } from "@/lib/platform/site/cache-tags";
import type { Membership } from "@/lib/platform/tenancy/membership";

/**
 * The organiser's side of watermarks (issue #36, a Professional feature: every write asks the
 * one plan gate). A change that alters what fans see queues the background pass of each
 * affected gallery (lib/platform/media/watermark/pass.ts), which redraws the photos one by one
 * while the gallery keeps serving the renditions it has; the pass refreshes the pages as it goes.
 */

/** Settings → Watermark: the design of the company's mark. */
export async function saveWatermarkDesign(
  membership: Membership,
  input: unknown,
): Promise<{ queued: number }> {
  assertCan(membership, "settings.edit");
  const companyId = membership.company.id;
  await assertPlanAllows(companyId, "watermarks");
  const design = parseOrThrow(designFormSchema, input);
  await db.company.update({ where: { id: companyId }, data: { watermarkDesign: design } });
  await recordMemberAudit(membership, {
    details: { operation: "watermark_design_updated", kind: design.kind, position: design.position },
  });
  const galleries = await redrawWatermarkedGalleries({ companyId });
  return { queued: galleries.length };
}

/**
 * "Try again" (the switch saved unchanged) once per gallery in this many seconds (attacker
 * review): each forgets the pass's failures and queues it, which reads the marks and every photo
 * it gave up on again; unthrottled, a member (or a stolen session) could keep the worker at it.
 */
export const WATERMARK_TRY_AGAIN_SECONDS = 30;

/**
 * Changes of one gallery's switch (on or off) a minute (attacker review): each queues the pass,
 * which redraws or restores every photo of the gallery; unlimited, flipping it in a loop kept
 * the worker redrawing whole galleries. Ten is far above an organiser's hesitation.
 */
export const WATERMARK_FLIPS_PER_MINUTE = 10;

/**
 * The gallery's switch. Turning it on needs the plan; turning it off never does (a company that
 * left the plan can always take the marks off, and the marks are never dropped by a downgrade).
 * Saving it unchanged is the panel's "Try again": limited per gallery. A change has a limit of
 * its own, loose enough that an organiser who turns it off right after turning it on is not
 * refused (`WATERMARK_FLIPS_PER_MINUTE`; each change is audited).
 */
export async function setGalleryWatermark(
  membership: Membership,
  contentId: string,
  on: boolean,
): Promise<{ changed: PublicChange }> {
  assertCan(membership, "content.manage");
  const companyId = membership.company.id;
  const content = await getContentOrThrow(db, companyId, contentId, {
    watermarkPhotos: true,
    events: { select: { eventId: true } },
  });
  if (on) await assertPlanAllows(companyId, "watermarks");
  if (content.watermarkPhotos === on) {
    const limit = await consumeLimits(
      [{ key: `watermark-try-again:${contentId}`, limit: 1 }],
      WATERMARK_TRY_AGAIN_SECONDS,
    );
    if (!limit.allowed) throw rateLimited(limit.retryAfter, "watermarks.errors.tryAgainLimited");
  }
  if (content.watermarkPhotos !== on) {
    // Before the write: a refused flip changes nothing and queues nothing.
    await enforceLimits(
      [{ key: `watermark-switch:${contentId}`, limit: WATERMARK_FLIPS_PER_MINUTE }],
      60,
      "auth.errors.tooManyRequests",
    );
    await db.content.updateMany({ where: { id: contentId, companyId }, data: { watermarkPhotos: on } });
    await recordMemberAudit(membership, {
      record: { table: "content", id: contentId },
      details: { operation: on ? "watermark_on" : "watermark_off" },
    });
  }
  // Queued even when unchanged: saving again restarts a pass that a queue outage lost, and
  // tries marks and photos again that the pass gave up on (a store outage, a sponsor logo fixed since).
  await forgetWatermarkFailures(contentId);
  await requestWatermarks([contentId]);
  return {
    changed: { companyId, contentIds: [contentId], eventIds: content.events.map((e) => e.eventId) },
  };
}

const SPONSOR_INVALID = "watermarks.errors.sponsorInvalid";

/** An event's sponsor logo (uploaded like its banner): the second mark of its watermarked galleries. */
export async function setEventSponsorLogo(
  membership: Membership,
  eventId: string,
  mediaId: unknown,
): Promise<{ changed: PublicChange }> {
  assertCan(membership, "events.manage");
  const companyId = membership.company.id;
  const wanted = parseOrThrow(sponsorLogoSchema, mediaId);
  const event = await getEventOrThrow(db, companyId, eventId, { sponsorLogoKey: true });
  if (wanted !== null) await assertPlanAllows(companyId, "watermarks");
  // Only an upload no other row holds (attacker review: naming the company's logo or another
  // event's banner here made replacing the sponsor delete it), claimed under the media's lock.
  const key = await db.$transaction(async (tx) => {
    let claimed: string | null = null;
    if (wanted !== null) {
      claimed = await claimLooseMedia(tx, companyId, wanted, event.sponsorLogoKey);
      if (!claimed)
        throw new AppError("validation", SPONSOR_INVALID, { fieldErrors: { sponsor: SPONSOR_INVALID } });
    }
    if (claimed === event.sponsorLogoKey) return claimed;
    // Conditional on the key read: a logo saved meanwhile by another organiser is not overwritten.
    const { count } = await tx.event.updateMany({
      where: { id: eventId, companyId, sponsorLogoKey: event.sponsorLogoKey },
      data: { sponsorLogoKey: claimed },
    });
    if (count === 0) throw new AppError("conflict", "watermarks.errors.sponsorChanged");
    return claimed;
  });
  if (key === event.sponsorLogoKey) return { changed: { companyId, eventIds: [eventId] } };
  if (event.sponsorLogoKey) await releaseLooseMedia(companyId, event.sponsorLogoKey);
  await recordMemberAudit(membership, {
    record: { table: "event", id: eventId },
    details: { operation: key ? "sponsor_logo_set" : "sponsor_logo_removed" },
  });
  const galleries = await redrawWatermarkedGalleries({ companyId, eventId });
  return { changed: { companyId, eventIds: [eventId], contentIds: galleries } };
}
