import type { Locale } from "@/lib/core/i18n/config";
import type {
  TranslatableEntityName,
  TranslatableField,
  VersionStatus,
} from "@/lib/features/translation/fields";

/**
 * The admin review's data for one translatable field (issue #15): the source and one version
 * per other locale. Read by `loadFieldVersions` (lib/features/translation/review.ts), shown next to the
 * field by components/translation/*. No server-only import: client components use the types.
 */
export interface FieldVersion {
  locale: Locale;
  text: string | null;
  status: VersionStatus;
  /** The engine that made it, or null (hand-edited, or none yet). */
  engine: string | null;
  /** Why the last engine run failed (a message key under `translation.errors`), or null. */
  error: string | null;
}

export interface FieldVersions {
  entity: TranslatableEntityName;
  entityId: string;
  field: TranslatableField;
  sourceLocale: Locale;
  sourceText: string | null;
  versions: FieldVersion[];
}

/** Whether an engine is configured, and which (Settings shows it; "none" = type by hand). */
export type EngineName = "deepl" | "libretranslate" | "apertium" | "none";
