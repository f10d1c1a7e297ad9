import { db } from "@/lib/core/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { locales, resolveLocale, type Locale } from "@/lib/core/i18n/config";
import { sendTranslationJob } from "@/lib/core/queue/sender";
import { activeEngine } from "@/lib/features/translation/engines/select";
import { sourceHash, type SourceText } from "@/lib/features/translation/fields";

/**
 * The write path of translations (issue #15): every save of a translatable source text calls
 * `recordSourceTexts` inside its transaction, then `queueTranslationRuns` after the commit.
 */

/** Engine runs owed after a commit: one per target locale of the company. */
export interface TranslationRuns {
  companyId: string;
  locales: Locale[];
}

type Tx = Prisma.TransactionClient;

/** The company's source locale (`Company.sourceLocale`; an unknown value reads as pt). */
export async function companySourceLocale(tx: Tx, companyId: string): Promise<Locale> {
  const company = await tx.company.findUniqueOrThrow({
    where: { id: companyId },
    select: { sourceLocale: true },
  });
  return resolveLocale(company.sourceLocale);
}

/**
 * For each field whose text changed (its hash differs from a version's): the automatic versions
 * in the other locales become `pending` with the new hash (their old text stays until redone;
 * fans see the source meanwhile); missing ones are created, but only when an engine is
 * configured — with none, nothing is created and fans see the source; hand-edited versions
 * are left alone (they turn stale by hash). An emptied source deletes its automatic versions.
 */
export async function recordSourceTexts(
  tx: Tx,
  companyId: string,
  sourceLocale: Locale,
  texts: SourceText[],
): Promise<TranslationRuns> {
  const targets = locales.filter((l) => l !== sourceLocale);
  const due = new Set<Locale>();
  const engine = await activeEngine();
  for (const { entity, entityId, field, text } of texts) {
    const key = { companyId, entity, entityId, field };
    if (!text?.trim()) {
      await tx.textTranslation.deleteMany({ where: { ...key, origin: "automatic" } });
      continue;
    }
    const hash = sourceHash(text, sourceLocale);
    const rows = await tx.textTranslation.findMany({
      where: { ...key, locale: { in: targets } },
      select: { id: true, locale: true, origin: true, sourceHash: true },
    });
    const outdated = rows.filter((r) => r.origin === "automatic" && r.sourceHash !== hash);
    if (outdated.length > 0) {
      await tx.textTranslation.updateMany({
        where: { id: { in: outdated.map((r) => r.id) }, origin: "automatic" },
        data: { state: "pending", sourceHash: hash, error: null, attempts: 0 },
      });
      for (const r of outdated) due.add(r.locale as Locale);
    }
    if (!engine) continue;
    const missing = targets.filter((l) => !rows.some((r) => r.locale === l));
    if (missing.length > 0) {
      await tx.textTranslation.createMany({
        data: missing.map((locale) => ({
          ...key,
          locale,
          sourceHash: hash,
          origin: "automatic",
          state: "pending",
        })),
        skipDuplicates: true,
      });
      for (const l of missing) due.add(l);
    }
  }
  // With no engine, pending rows would wait for nothing: only queue when one is configured.
  return { companyId, locales: engine ? [...due] : [] };
}

/**
 * Queues the engine runs (never translates in the request). Best effort: a failed send leaves
 * the versions pending, and the periodic translation schedule queues them again.
 */
export async function queueTranslationRuns(runs: TranslationRuns | null | undefined): Promise<void> {
  if (!runs) return;
  for (const locale of runs.locales) {
    try {
      await sendTranslationJob({ companyId: runs.companyId, locale });
    } catch (error) {
      console.warn("[afterglow] could not queue a translation run", {
        ...runs,
        locale,
        error: String(error),
      });
    }
  }
}

/** `recordSourceTexts` in its own transaction plus the queueing: for callers outside a save. */
export async function recordAndQueue(companyId: string, texts: SourceText[]): Promise<TranslationRuns> {
  const runs = await db.$transaction(async (tx) =>
    recordSourceTexts(tx, companyId, await companySourceLocale(tx, companyId), texts),
  );
  await queueTranslationRuns(runs);
  return runs;
}
