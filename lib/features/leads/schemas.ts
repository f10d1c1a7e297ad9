import { z } from "zod";
import { keysetParams } from "@/lib/core/pagination/keyset";
import { isoDay } from "@/lib/core/validation/common";

/**
 * The leads list's filters, shared by the page (/admin/leads), the CSV export
 * (/api/admin/leads.csv) and the where-builder. They come from the URL, so a bad value is
 * dropped (`.catch`) rather than failing the page: a hand-edited link still shows a list.
 */
export const LEADS_PAGE_SIZE = 25;

const id = z.string().trim().min(1).max(64);

export const leadFiltersSchema = z.object({
  q: z
    .string()
    .trim()
    .max(100)
    .transform((v) => v || undefined)
    .optional()
    .catch(undefined),
  contentId: id.optional().catch(undefined),
  eventId: id.optional().catch(undefined),
  /** First day included (UTC). */
  from: isoDay.optional().catch(undefined),
  /** Last day included (UTC). */
  to: isoDay.optional().catch(undefined),
  /** Where the page starts (the list's keyset cursors); the CSV export takes every page. */
  ...keysetParams,
});
export type LeadFilters = z.infer<typeof leadFiltersSchema>;

/** The filters without the cursors, as query-string values (links, CSV URL, audit). */
export function filterQuery(filters: LeadFilters): Record<string, string | undefined> {
  return {
    q: filters.q,
    contentId: filters.contentId,
    eventId: filters.eventId,
    from: filters.from,
    to: filters.to,
  };
}

export function hasActiveFilters(filters: LeadFilters): boolean {
  return Object.values(filterQuery(filters)).some(Boolean);
}

/**
 * What the audit keeps of the filters: which ones were used, never the search text (it is
 * often a person's name or e-mail, and the audit must hold no personal data).
 */
export function auditFilters(filters: LeadFilters): Record<string, string | boolean> {
  const out: Record<string, string | boolean> = {};
  if (filters.q) out.search = true;
  if (filters.contentId) out.contentId = filters.contentId;
  if (filters.eventId) out.eventId = filters.eventId;
  if (filters.from) out.from = filters.from;
  if (filters.to) out.to = filters.to;
  return out;
}

export const leadIdSchema = z.string().trim().min(1).max(64);
