import { z } from "zod";
import { keysetParams } from "@/lib/core/pagination/keyset";
import { isoDay } from "@/lib/core/validation/common";
import { AuditAction } from "@/lib/generated/prisma/enums";

/**
 * The audit log's filters as they come in the status page's URL (a GET form, so a reload or a
 * shared link keeps them): an action, a range of UTC days, and the keyset cursors. Unlike the
 * leads list, a bad value is not silently dropped: the page says which filter it could not
 * read (a wrong date would otherwise show an unfiltered log that looks filtered).
 */
export const AUDIT_PAGE_SIZE = 25;

export const AUDIT_ACTIONS = Object.values(AuditAction) as AuditAction[];

/** An empty field of the GET form is no filter. */
const blank = (value: unknown) => (value === "" ? undefined : value);

export const auditFiltersSchema = z
  .object({
    action: z.preprocess(blank, z.enum(AuditAction, { error: "action" }).optional()),
    /** First day included (UTC). */
    from: z.preprocess(blank, isoDay.optional()),
    /** Last day included (UTC). */
    to: z.preprocess(blank, isoDay.optional()),
    ...keysetParams,
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { path: ["to"], message: "range" });
export type AuditFilters = z.infer<typeof auditFiltersSchema>;

export type AuditFilterField = "action" | "from" | "to";

export type ParsedAuditFilters =
  { ok: true; filters: AuditFilters } | { ok: false; filters: AuditFilters; invalid: AuditFilterField[] };

/**
 * The filters of `query` (a page's searchParams). On bad input: which fields were bad (for the
 * message), and the log unfiltered from its first page, so the page still shows something.
 */
export function parseAuditFilters(query: Record<string, string | string[] | undefined>): ParsedAuditFilters {
  // A repeated parameter (`?action=a&action=b`) is not ours: the first one counts.
  const single = Object.fromEntries(
    Object.entries(query).map(([key, value]) => [key, Array.isArray(value) ? value[0] : value]),
  );
  const parsed = auditFiltersSchema.safeParse(single);
  if (parsed.success) return { ok: true, filters: parsed.data };
  const invalid = [
    ...new Set(
      parsed.error.issues
        .map((issue) => issue.path[0])
        .filter((key): key is AuditFilterField => key === "action" || key === "from" || key === "to"),
    ),
  ];
  return { ok: false, filters: {}, invalid };
}

/** The filters without the cursors, as query-string values (pagination links). */
export function auditFilterQuery(filters: AuditFilters): Record<string, string | undefined> {
  return { action: filters.action, from: filters.from, to: filters.to };
}

export function hasAuditFilters(filters: AuditFilters): boolean {
  return Object.values(auditFilterQuery(filters)).some(Boolean);
}
