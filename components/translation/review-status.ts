import type { FieldVersion, FieldVersions } from "@/lib/features/translation/review-types";
import type { TranslatableField } from "@/lib/features/translation/fields";

/**
 * What the review panel shows for one version (pure, unit-tested): the badge's tone and label
 * key, an explanation key, and whether "Translate again" would discard hand-typed words. The
 * status itself comes from `versionStatus` (lib/features/translation/fields.ts) through the loader.
 */
export type BadgeTone = "sky" | "emerald" | "amber" | "violet" | "red" | "zinc";

export interface VersionBadge {
  tone: BadgeTone;
  /** Key under `settings.languages.review.status`. */
  label: string;
  /** Key under `settings.languages.review.explain`, or null when the badge says it all. */
  explain: string | null;
}

/**
 * A hand-edited version: `edited`, or `stale` with no engine behind it (an engine's version
 * always names its engine; a stale one without text is an engine run still due).
 */
export function isHandEdited(version: Pick<FieldVersion, "status" | "engine" | "text">): boolean {
  if (version.status === "edited") return true;
  return version.status === "stale" && version.engine === null && Boolean(version.text);
}

export function versionBadge(version: Pick<FieldVersion, "status" | "engine" | "text">): VersionBadge {
  switch (version.status) {
    case "automatic":
      return { tone: "sky", label: "automatic", explain: null };
    case "edited":
      return { tone: "emerald", label: "edited", explain: null };
    case "stale":
      return isHandEdited(version)
        ? { tone: "amber", label: "needsReview", explain: "needsReview" }
        : { tone: "violet", label: "updating", explain: "updating" };
    case "pending":
      return { tone: "violet", label: "pending", explain: "pending" };
    case "waiting":
      return { tone: "amber", label: "waiting", explain: "waiting" };
    case "failed":
      return { tone: "red", label: "failed", explain: "failed" };
    case "missing":
      return { tone: "zinc", label: "missing", explain: "missing" };
  }
}

/** Tailwind classes of each tone: AA contrast on white and on the dark surfaces. */
export const toneClasses: Record<BadgeTone, string> = {
  sky: "bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200",
  emerald: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200",
  amber: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  violet: "bg-violet-100 text-violet-900 dark:bg-violet-950 dark:text-violet-200",
  red: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200",
  zinc: "bg-zinc-100 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200",
};

/**
 * The full message key of an engine failure: the loader gives a key under `translation.errors`,
 * with or without that prefix. Anything else (not a plain key) is never shown raw.
 */
export function engineErrorKey(error: string | null): string | null {
  if (!error || !/^[A-Za-z][\w-]*(\.[\w-]+)*$/.test(error)) return null;
  return error.startsWith("translation.errors.") ? error : `translation.errors.${error}`;
}

/** The field's review data, or null when the loader has none for it (e.g. an empty source). */
export function versionsOf(all: readonly FieldVersions[], field: TranslatableField): FieldVersions | null {
  return all.find((entry) => entry.field === field) ?? null;
}

/** How many versions have text, and how many need the organiser's attention (for the toggle). */
export function summarise(versions: readonly FieldVersion[]): { withText: number; attention: number } {
  return {
    withText: versions.filter((v) => Boolean(v.text)).length,
    attention: versions.filter(
      (v) => v.status === "failed" || v.status === "waiting" || (v.status === "stale" && isHandEdited(v)),
    ).length,
  };
}
