import { z } from "zod";
import { normalizeHex } from "@/lib/features/brand/colors";
import { TEMPLATES } from "@/lib/features/brand/templates";
import { plainText } from "@/lib/core/validation/common";

/** Settings → Branding and Settings → Legal texts (admin only). Messages are i18n keys. */

export const COLOR_SCHEMES = ["system", "light", "dark"] as const;
export type ColorScheme = (typeof COLOR_SCHEMES)[number];

/** "" is "the platform's colour" (null); anything else must be "#rrggbb" (stored lower-case). */
const color = z
  .string()
  .max(20, "settings.branding.colorInvalid")
  .transform((value, ctx) => {
    if (value.trim() === "") return null;
    const hex = normalizeHex(value);
    if (!hex) {
      ctx.addIssue({ code: "custom", message: "settings.branding.colorInvalid" });
      return z.NEVER;
    }
    return hex;
  });

/** What the plan gate (`customBranding`) covers: the form sends none of them on Starter. */
export const GATED_BRANDING_FIELDS = ["brandColor", "accentColor", "colorScheme", "template"] as const;

export const brandingSchema = z.object({
  /** A logo uploaded with target `company-logo`; absent or "" keeps the current one. */
  logoMediaId: z
    .string()
    .max(64)
    .optional()
    .transform((v) => v || undefined),
  brandColor: color.optional(),
  accentColor: color.optional(),
  colorScheme: z.enum(COLOR_SCHEMES, { error: "validation.required" }).optional(),
  template: z.enum(TEMPLATES, { error: "validation.required" }).optional(),
});
export type BrandingInput = z.output<typeof brandingSchema>;
export const brandingFields = Object.keys(brandingSchema.shape) as (keyof typeof brandingSchema.shape)[];

/** Long enough for real terms; small enough to render on every legal page request. */
export const LEGAL_TEXT_MAX = 20_000;

/**
 * "" is "the platform's text" (null); otherwise stored as typed (rendered as safe Markdown), with
 * the CRLF line breaks a browser submits a textarea with read as the "\n" the admin typed.
 */
const legalText = z
  .string()
  .transform((v) => v.replace(/\r\n?/g, "\n"))
  .pipe(plainText({ multiline: true }))
  .pipe(z.string().max(LEGAL_TEXT_MAX, "settings.branding.legal.tooLong"))
  .transform((v) => v || null);

export const legalTextsSchema = z.object({
  termsText: legalText,
  privacyText: legalText,
});
export type LegalTextsInput = z.output<typeof legalTextsSchema>;
export const legalTextsFields = Object.keys(
  legalTextsSchema.shape,
) as (keyof typeof legalTextsSchema.shape)[];
