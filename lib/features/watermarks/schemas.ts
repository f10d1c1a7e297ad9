import { z } from "zod";
import { watermarkDesignSchema } from "@/lib/platform/media/watermark/design";

/**
 * Inputs of the watermark settings (issue #36). The design's own rules live with it
 * (lib/platform/media/watermark/design.ts: the worker reads the same shape); the form sends
 * strings, coerced there. Messages are i18n keys.
 */
export const designFormSchema = watermarkDesignSchema;

/** The form's field names (a field the form did not send fails the schema: every one is required). */
export const DESIGN_FIELDS = ["kind", "text", "position", "size", "edge", "opacity"] as const;

/** An event's sponsor logo: an uploaded image's media id, or null to remove it. */
export const sponsorLogoSchema = z.string().trim().min(1).max(64).nullable();
