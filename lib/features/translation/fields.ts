import { createHash } from "node:crypto";
import type { Locale } from "@/lib/core/i18n/config";
import { ALLOWANCE_EXHAUSTED } from "@/lib/features/translation/allowance";

/**
 * What organisers write that fans read in their own language (issue #15), in one place: the
 * translatable columns per entity, the source hash that makes a version stale, and a version's
 * review state. The database row is `TextTranslation` (prisma/schema.prisma).
 */
export const TRANSLATABLE_FIELDS = {
  company: ["description", "landingPageName", "landingPageDescription"],
  event: ["name", "description"],
  content: ["title", "description"],
} as const;

export type TranslatableEntityName = keyof typeof TRANSLATABLE_FIELDS;
export type TranslatableField<E extends TranslatableEntityName = TranslatableEntityName> =
  (typeof TRANSLATABLE_FIELDS)[E][number];

/** The source text of one field, as saved (null or "" = no text, so no versions). */
export interface SourceText {
  entity: TranslatableEntityName;
  entityId: string;
  field: TranslatableField;
  text: string | null;
}

/** The hash a version records of the source it was made from (the source locale included). */
export function sourceHash(text: string, sourceLocale: Locale): string {
  return createHash("sha256").update(`${sourceLocale}\u0000${text}`).digest("hex").slice(0, 32);
}

/**
 * What the admin's review shows for one version:
 * - `automatic`: an engine's version of the current source;
 * - `edited`: typed or edited by hand, of the current source;
 * - `stale`: made from an older source — an automatic one is being redone, a hand-edited one
 *   needs review ("source changed since");
 * - `pending`: an engine run is due; `failed`: the engine failed (the source is shown meanwhile);
 * - `waiting`: not sent, because the company's monthly translation allowance is used up;
 * - `missing`: no version (no engine configured, nothing typed).
 */
export type VersionStatus = "automatic" | "edited" | "stale" | "pending" | "waiting" | "failed" | "missing";

export interface VersionRow {
  text: string | null;
  origin: "automatic" | "manual";
  state: "pending" | "ready" | "failed";
  sourceHash: string;
  /** Why it failed or waits (a message key); only the allowance mark changes the status. */
  error?: string | null;
}

export function versionStatus(row: VersionRow | null | undefined, currentHash: string): VersionStatus {
  if (!row) return "missing";
  if (row.origin === "manual") return row.sourceHash === currentHash ? "edited" : "stale";
  if (row.state === "failed") return "failed";
  if (row.state === "pending" && row.error === ALLOWANCE_EXHAUSTED) return "waiting";
  if (row.state === "pending") return row.text ? "stale" : "pending";
  return row.sourceHash === currentHash ? "automatic" : "stale";
}

/**
 * Whether fans see a version: a hand-edited one always (the organiser's own words, even while
 * under review); an automatic one only when ready and made from the current source (a stale
 * automatic version would put old words on the page: the source is shown until it is redone).
 */
export function isShownToFans(row: VersionRow, currentHash: string): boolean {
  if (!row.text) return false;
  if (row.origin === "manual") return true;
  return row.state === "ready" && row.sourceHash === currentHash;
}
