import { z } from "zod";

/**
 * Request bodies of the upload API. Every message is an i18n key; the file rules themselves
 * (type, size, extension) are checked by `validateFileClaim`, after parsing.
 */
const id = z.string().trim().min(1).max(64);

export const uploadTargetSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("content"), contentId: id }),
  /** A banner for an event form; linked to the event when the form is saved. */
  z.object({ type: z.literal("event-banner") }),
  /** The company's logo (Settings → Branding, admins); linked to the company when the form is saved. */
  z.object({ type: z.literal("company-logo") }),
]);
export type UploadTarget = z.infer<typeof uploadTargetSchema>;

export const createUploadSchema = z
  .object({
    fileName: z.string({ error: "validation.required" }).trim().min(1, "validation.required").max(1024),
    contentType: z.string().max(200).default(""),
    size: z.number({ error: "validation.required" }).int().min(0).max(Number.MAX_SAFE_INTEGER),
    /** Shorthand for `target: { type: "content", contentId }`. */
    contentId: id.optional(),
    target: uploadTargetSchema.optional(),
  })
  .transform(({ contentId, target, ...file }, ctx) => {
    const resolved: UploadTarget | undefined =
      target ?? (contentId ? { type: "content", contentId } : undefined);
    if (!resolved) {
      ctx.addIssue({ code: "custom", path: ["target"], message: "validation.required" });
      return z.NEVER;
    }
    return { ...file, target: resolved };
  });
export type CreateUploadInput = z.output<typeof createUploadSchema>;

/** Part numbers to sign, at most 100 per request. */
export const signPartsSchema = z.object({
  partNumbers: z.array(z.number().int().min(1).max(10_000)).min(1).max(100),
});

export const completeUploadSchema = z.object({
  /** Parts as the browser saw them; used only where the store cannot list parts itself. */
  parts: z
    .array(z.object({ partNumber: z.number().int().min(1).max(10_000), etag: z.string().min(1).max(200) }))
    .max(10_000)
    .optional(),
});
export type CompleteUploadInput = z.infer<typeof completeUploadSchema>;
