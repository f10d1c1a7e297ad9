/**
 * The organiser's texts as fans read them (issue #15): each translatable field carries its
 * source and the versions fans may see, by locale; the page picks one by the fallback chain.
 * No database here: the loaders read the rows (`load-versions.ts`), the DTOs stay JSON-safe.
 */
import { fallbackChain, locales, resolveLocale, type Locale } from "@/lib/core/i18n/config";
import type {
  PublicContent,
  PublicEvent,
  ShownText,
  TextVersions,
  Translations,
} from "@/lib/surfaces/public-site/types";
import {
  isShownToFans,
  sourceHash,
  type TranslatableEntityName,
  type VersionRow,
} from "@/lib/features/translation/fields";

/** A `TextTranslation` row as the public loaders read it. */
export interface VersionRecord extends VersionRow {
  entity: TranslatableEntityName;
  entityId: string;
  field: string;
  locale: string;
}

export const versionRecordSelect = {
  entity: true,
  entityId: true,
  field: true,
  locale: true,
  text: true,
  origin: true,
  state: true,
  sourceHash: true,
} as const;

/** The versions of a page's entities, indexed as the unique key is: entity, id, field, locale. */
export type VersionIndex = Map<string, VersionRecord>;

const keyOf = (entity: string, entityId: string, field: string, locale: string) =>
  `${entity}\u0000${entityId}\u0000${field}\u0000${locale}`;

export function indexVersions(rows: readonly VersionRecord[]): VersionIndex {
  return new Map(rows.map((row) => [keyOf(row.entity, row.entityId, row.field, row.locale), row]));
}

const EMPTY_INDEX: VersionIndex = new Map();

/**
 * The field's source and the versions fans may see (`isShownToFans` against the hash of the
 * current source: a stale automatic version is left out, a hand-edited one stays). An empty
 * source has no versions: nothing to show in any language.
 */
export function textVersions(
  source: string | null | undefined,
  sourceLocaleValue: string,
  ref: { entity: TranslatableEntityName; entityId: string; field: string },
  index: VersionIndex = EMPTY_INDEX,
): TextVersions {
  const sourceLocale = resolveLocale(sourceLocaleValue);
  if (!source?.trim()) return { byLocale: {}, sourceLocale, automatic: [] };
  const hash = sourceHash(source, sourceLocale);
  const byLocale: Translations = { [sourceLocale]: source };
  const automatic: Locale[] = [];
  for (const locale of locales) {
    if (locale === sourceLocale) continue;
    const row = index.get(keyOf(ref.entity, ref.entityId, ref.field, locale));
    if (!row || !isShownToFans(row, hash)) continue;
    byLocale[locale] = row.text!;
    if (row.origin === "automatic") automatic.push(locale);
  }
  return { byLocale, sourceLocale, automatic };
}

/**
 * The spec's fallback chain (§4): the page's locale, then English, then Portuguese, then the
 * source (in the company's source locale, which counts as the version in its own locale).
 */
export function pickText(versions: TextVersions, locale: Locale): ShownText | null {
  const original = versions.byLocale[versions.sourceLocale];
  if (!original) return null;
  const lang = [...fallbackChain(locale), versions.sourceLocale].find((l) => versions.byLocale[l])!;
  return {
    text: versions.byLocale[lang]!,
    lang,
    automatic: versions.automatic.includes(lang),
    original,
    originalLang: versions.sourceLocale,
  };
}

/** The text alone (titles, metadata, share images, e-mails). */
export function pickString(versions: TextVersions, locale: Locale): string | null {
  return pickText(versions, locale)?.text ?? null;
}

/** The event with its name and description in the page's language (the cards and headers print these). */
export function localizeEvent(event: PublicEvent, locale: Locale): PublicEvent {
  return {
    ...event,
    name: pickString(event.texts.name, locale) ?? event.name,
    description: pickString(event.texts.description, locale),
  };
}

/** The content with its title and description in the page's language. */
export function localizeContent(content: PublicContent, locale: Locale): PublicContent {
  return {
    ...content,
    title: pickString(content.texts.title, locale) ?? content.title,
    description: pickString(content.texts.description, locale),
  };
}
