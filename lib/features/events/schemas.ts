import { z } from "zod";
import { SLUG_MAX } from "@/lib/features/events/slug";
import { SLUG_PATTERN } from "@/lib/platform/site/slug";
import { isValidTimeZone } from "@/lib/features/events/time-zone";
import { keysetParams } from "@/lib/core/pagination/keyset";
import { requiredText, sanitize } from "@/lib/core/validation/common";
import {
  CONTENT_VISIBILITIES,
  GALLERY_PASSWORD_MAX,
  GALLERY_PASSWORD_MIN,
} from "@/lib/features/content/schemas";

/** The create/edit form (spec §2 and §3). Messages are i18n keys. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, "validation.tooLong")
    .transform((v) => (v ? sanitize(v).value.trim() || null : null))
    .nullable()
    .optional()
    .transform((v) => v ?? null);

/** Number fields arrive as strings from inputs ("" = empty). */
const optionalInt = (min: number, max: number) =>
  z
    .union([z.number(), z.string().trim()])
    .nullable()
    .optional()
    .transform((v) => (v === "" || v === null || v === undefined ? null : Number(v)))
    .pipe(
      z
        .number({ error: "events.errors.numberInvalid" })
        .int("events.errors.numberInvalid")
        .min(min, "events.errors.numberInvalid")
        .max(max, "events.errors.numberInvalid")
        .nullable(),
    );

export const CURRENCIES = ["EUR", "USD", "BRL", "GBP"] as const;
export const EVENT_STATUSES = ["draft", "published", "cancelled"] as const;
/** Who opens an event (issue #36): the galleries' three choices. */
export const EVENT_VISIBILITIES = CONTENT_VISIBILITIES;
export type EventVisibilityValue = (typeof EVENT_VISIBILITIES)[number];

export const eventInputSchema = z
  .object({
    name: requiredText(200),
    slug: z
      .string({ error: "validation.required" })
      .trim()
      .toLowerCase()
      .min(3, "events.errors.slugInvalid")
      .max(SLUG_MAX, "events.errors.slugInvalid")
      .regex(SLUG_PATTERN, "events.errors.slugInvalid"),
    description: optionalText(5000),
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "events.errors.dateInvalid"),
    time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "events.errors.timeInvalid"),
    timeZone: z.string().refine(isValidTimeZone, "events.errors.timeZoneInvalid"),
    location: optionalText(300),
    maxParticipants: optionalInt(1, 10_000_000),
    participantsCount: optionalInt(0, 10_000_000).transform((v) => v ?? 0),
    isFree: z.boolean().default(true),
    /** "12.50" or "12,50", in the currency's major unit. */
    price: z.string().trim().max(20).optional().default(""),
    currency: z.enum(CURRENCIES).default("EUR"),
    /** Absent keeps the status (the publish control sets it); a new event starts as a draft. */
    status: z.enum(EVENT_STATUSES).optional(),
    isPublic: z.boolean().default(true),
    /**
     * Who opens it (issue #36): everyone; whoever has the link (never listed nor indexed); whoever
     * has the password (also asked for the galleries only password events show).
     */
    visibility: z.enum(EVENT_VISIBILITIES).default("public"),
    /**
     * A new password for a password event, at least 8 characters like a gallery's (the same unlock
     * limits); empty keeps the one set before (never sent back to the form: only its hash is stored).
     */
    accessPassword: z
      .string()
      .max(GALLERY_PASSWORD_MAX, "events.errors.passwordTooLong")
      .optional()
      .transform((v) => (v ? v : undefined))
      .pipe(z.string().min(GALLERY_PASSWORD_MIN, "events.errors.passwordTooShort").optional()),
    /** A banner uploaded with target `event-banner`; null removes the banner, undefined keeps it. */
    bannerMediaId: z.string().min(1).max(64).nullable().optional(),
  })
  .transform((input, ctx) => {
    let priceMinor: number | null = null;
    if (!input.isFree) {
      const match = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(input.price);
      if (!match) {
        ctx.addIssue({ code: "custom", path: ["price"], message: "events.errors.priceInvalid" });
        return z.NEVER;
      }
      priceMinor = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
      if (priceMinor === 0) priceMinor = null;
    }
    return { ...input, priceMinor };
  });
export type EventInput = z.input<typeof eventInputSchema>;
export type ParsedEventInput = z.output<typeof eventInputSchema>;

export const eventListSchema = z.object({
  q: z.string().trim().max(100).optional().catch(undefined),
  status: z.enum(EVENT_STATUSES).optional().catch(undefined),
  ...keysetParams,
});
export type EventListFilters = z.infer<typeof eventListSchema>;
