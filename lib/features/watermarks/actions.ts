"use server";

import { z } from "zod";
import type { ActionResult } from "@/lib/core/errors";
import { formActionArgs, recordId } from "@/lib/core/validation/common";
import { DESIGN_FIELDS } from "@/lib/features/watermarks/schemas";
import {
  saveWatermarkDesign,
  setEventSponsorLogo,
  setGalleryWatermark,
} from "@/lib/features/watermarks/save";
import { galleryWatermarkStatus, type GalleryWatermarkStatus } from "@/lib/features/watermarks/queries";
import { adminAction } from "@/lib/platform/actions/admin-action";

/**
 * Watermark admin actions (issue #36): guard → lib (zod, the company's scope, the plan gate) →
 * the public pages that changed. The design reaches the pages through the background pass, which
 * refreshes them as it redraws; the switch expires its gallery's pages at once (its downloads
 * change at once).
 */

/** Settings → Watermark: the design (a form). */
export const saveWatermarkDesignAction = adminAction(
  { permission: "settings.edit", schema: formActionArgs<ActionResult<{ queued: number }> | null>() },
  async ({ membership }, _previous: ActionResult<{ queued: number }> | null, formData: FormData) =>
    saveWatermarkDesign(
      membership,
      Object.fromEntries(DESIGN_FIELDS.map((field) => [field, formData.get(field) ?? undefined])),
    ),
);

/** A gallery's "Watermark the photos fans see" switch. */
export const setGalleryWatermarkAction = adminAction(
  { permission: "content.manage", schema: z.tuple([recordId, z.boolean()]) },
  async ({ membership, changed }, contentId: string, on: boolean) => {
    changed((await setGalleryWatermark(membership, contentId, on)).changed);
  },
);

/** The gallery's progress, polled by its edit page while the pass runs. */
export const galleryWatermarkStatusAction = adminAction(
  { permission: "content.manage", schema: z.tuple([recordId]) },
  async ({ membership }, contentId: string): Promise<GalleryWatermarkStatus> =>
    galleryWatermarkStatus(membership.company.id, contentId),
);

/** An event's sponsor logo (a verified upload's media id), or null to remove it. */
export const setEventSponsorLogoAction = adminAction(
  { permission: "events.manage", schema: z.tuple([recordId, recordId.nullable()]) },
  async ({ membership, changed }, eventId: string, mediaId: string | null) => {
    changed((await setEventSponsorLogo(membership, eventId, mediaId)).changed);
  },
);
