import { z } from "zod";
import { plainText } from "@/lib/core/validation/common";

export const QR_LABEL_MAX = 40;

/** The print sizes of a QR PNG, in pixels (a poster at 4096). */
export const QR_PNG_SIZES = [1024, 2048, 4096] as const;
export type QrPngSize = (typeof QR_PNG_SIZES)[number];

/**
 * A QR code's label ("entrance", "stage screen"): plain text (no controls, no bidi overrides),
 * NFC, trimmed, inner runs of spaces as one, 1–40 characters.
 */
export const qrLabelSchema = plainText()
  .transform((value) => value.replace(/\s+/g, " "))
  .pipe(
    z
      .string()
      .min(1, "shortLinks.qr.errors.labelRequired")
      .max(QR_LABEL_MAX, "shortLinks.qr.errors.labelTooLong"),
  );

/** Two labels clash when they read the same regardless of case ("Entrance" = "entrance"). */
export function qrLabelKey(label: string): string {
  return label.toLocaleLowerCase("und");
}

export const qrItemSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("event"), id: z.string().min(1).max(64) }),
  z.object({ kind: z.literal("content"), id: z.string().min(1).max(64) }),
]);
export type QrItem = z.infer<typeof qrItemSchema>;

export const qrImageQuerySchema = z.object({
  format: z.enum(["png", "svg"]).default("png"),
  size: z.coerce
    .number()
    .refine((n): n is QrPngSize => (QR_PNG_SIZES as readonly number[]).includes(n), "validation.invalidForm")
    .default(1024),
});
