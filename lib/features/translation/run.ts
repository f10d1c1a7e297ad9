import { db } from "@/lib/core/db";
import { isPlainText } from "@/lib/core/validation/common";
import { resolveLocale, isLocale, type Locale } from "@/lib/core/i18n/config";
import type { PublicChange } from "@/lib/platform/site/cache-tags";
import {
  TRANSLATION_ERRORS,
  TranslationEngineError,
  type TranslationEngine,
} from "@/lib/features/translation/engines/engine";
import { activeEngine } from "@/lib/features/translation/engines/select";
import { sourceHash, type TranslatableEntityName } from "@/lib/features/translation/fields";
import { ALLOWANCE_EXHAUSTED } from "@/lib/features/translation/allowance";
import { chargeRun } from "@/lib/features/translation/metering";

/**
 * One engine run (the `translation` job): a company's pending automatic versions in one
 * locale, translated in one batch. A version is written only if it is still automatic and
 * still of the source it was made from (a newer edit, or a hand-typed version, wins).
 */

/** Versions per run; more are left pending and a follow-up run is queued. */
export const RUN_SIZE = 200;

export interface RunOutcome {
  translated: number;
  /** Pending versions left for another run. */
  more: boolean;
  change: PublicChange | null;
}

interface Pending {
  id: string;
  entity: TranslatableEntityName;
  entityId: string;
  field: string;
  sourceHash: string;
}

/** The current source texts of the pending rows, by `entity:id:field` (scoped to the company). */
async function sourceTexts(companyId: string, rows: Pending[]): Promise<Map<string, string | null>> {
  const ids = (entity: TranslatableEntityName) => [
    ...new Set(rows.filter((r) => r.entity === entity).map((r) => r.entityId)),
  ];
  const texts = new Map<string, string | null>();
  const put = (entity: string, id: string, fields: Record<string, string | null>) => {
    for (const [field, text] of Object.entries(fields)) texts.set(`${entity}:${id}:${field}`, text);
  };
  if (ids("company").includes(companyId)) {
    const c = await db.company.findUniqueOrThrow({
      where: { id: companyId },
      select: { description: true, landingPageName: true, landingPageDescription: true },
    });
    put("company", companyId, c);
  }
  const events = await db.event.findMany({
    where: { companyId, id: { in: ids("event") } },
    select: { id: true, name: true, description: true },
  });
  for (const { id, ...fields } of events) put("event", id, fields);
  const contents = await db.content.findMany({
    where: { companyId, id: { in: ids("content") } },
    select: { id: true, title: true, description: true },
  });
  for (const { id, ...fields } of contents) put("content", id, fields);
  return texts;
}

/** The public pages showing these texts: the company's, the events', the contents' and their events'. */
async function publicChange(companyId: string, rows: Pending[]): Promise<PublicChange> {
  const contentIds = [...new Set(rows.filter((r) => r.entity === "content").map((r) => r.entityId))];
  const links = contentIds.length
    ? await db.contentEvent.findMany({ where: { contentId: { in: contentIds } }, select: { eventId: true } })
    : [];
  const eventIds = new Set([
    ...rows.filter((r) => r.entity === "event").map((r) => r.entityId),
    ...links.map((l) => l.eventId),
  ]);
  return { companyId, eventIds: [...eventIds], contentIds };
}

export async function runTranslation(
  companyId: string,
  locale: string,
  engine: TranslationEngine | null = null,
): Promise<RunOutcome> {
  const none: RunOutcome = { translated: 0, more: false, change: null };
  if (!isLocale(locale)) return none;
  const company = await db.company.findUnique({ where: { id: companyId }, select: { sourceLocale: true } });
  if (!company) return none;
  const from = resolveLocale(company.sourceLocale);
  const to: Locale = locale;
  if (from === to) return none;
  const rows = (await db.textTranslation.findMany({
    where: { companyId, locale: to, origin: "automatic", state: "pending" },
    select: { id: true, entity: true, entityId: true, field: true, sourceHash: true },
    orderBy: { updatedAt: "asc" },
    take: RUN_SIZE + 1,
  })) as Pending[];
  if (rows.length === 0) return none;
  const batch = rows.slice(0, RUN_SIZE);
  const texts = await sourceTexts(companyId, batch);

  // Each row against its current source: gone or emptied → the version goes; a hash recorded
  // under another source locale (the source language changed) is brought up to date first.
  const work: { row: Pending; text: string; hash: string }[] = [];
  for (const row of batch) {
    const text = texts.get(`${row.entity}:${row.entityId}:${row.field}`);
    if (!text?.trim()) {
      await db.textTranslation.deleteMany({ where: { id: row.id, origin: "automatic" } });
      continue;
    }
    const hash = sourceHash(text, from);
    if (hash !== row.sourceHash) {
      const { count } = await db.textTranslation.updateMany({
        where: { id: row.id, origin: "automatic", sourceHash: row.sourceHash },
        data: { sourceHash: hash },
      });
      if (count === 0) continue; // changed meanwhile: its own run will do it
    }
    work.push({ row, text, hash });
  }
  if (work.length === 0) return { ...none, more: rows.length > RUN_SIZE };

  const chosen = engine ?? (await activeEngine());
  if (!chosen)
    throw new TranslationEngineError(TRANSLATION_ERRORS.unavailable, "no translation engine is configured");
  // The month's allowance decides what goes; the rest waits (and stops the follow-up runs:
  // the schedule tries again, so a used-up month does not loop over its waiting versions).
  const charge = await chargeRun(
    companyId,
    work.map(({ row, text, hash }) => ({ id: row.id, text, hash })),
  );
  const going = work.filter((w) => charge.send.has(w.row.id));
  const more = rows.length > RUN_SIZE && charge.waiting === 0;
  if (going.length === 0) return { ...none, more };
  const unique = [...new Set(going.map((w) => w.text))];
  const answers = await chosen.translate(unique, from, to);
  const byText = new Map(unique.map((text, i) => [text, answers[i]!]));

  const written: Pending[] = [];
  for (const { row, text, hash } of going) {
    const translated = byText.get(text)?.trim();
    // An engine's answer is input too: plain text only, and not wildly longer than its source.
    // One refused is that version's failure (not retried by every schedule; "translate again"
    // or an edit of the source tries anew).
    if (!translated || translated.length > text.length * 3 + 200 || !isPlainText(translated, true)) {
      await db.textTranslation.updateMany({
        where: { id: row.id, origin: "automatic", sourceHash: hash, state: "pending" },
        data: { state: "failed", error: TRANSLATION_ERRORS.failed, attempts: { increment: 1 } },
      });
      continue;
    }
    const { count } = await db.textTranslation.updateMany({
      // Only the version this run was for: still automatic, still of the text translated.
      where: { id: row.id, origin: "automatic", sourceHash: hash },
      data: {
        text: translated,
        state: "ready",
        engine: chosen.name,
        error: null,
        attempts: { increment: 1 },
      },
    });
    if (count === 1) written.push(row);
  }
  return {
    translated: written.length,
    more,
    change: written.length ? await publicChange(companyId, written) : null,
  };
}

/**
 * After the last attempt: the versions still pending that the run saw are marked failed with
 * the engine's reason; one made pending after the run started (a new edit) waits for its own run.
 */
export async function markRunFailed(
  companyId: string,
  locale: string,
  error: unknown,
  startedAt: Date,
): Promise<void> {
  const key = error instanceof TranslationEngineError ? error.key : TRANSLATION_ERRORS.failed;
  await db.textTranslation.updateMany({
    where: {
      companyId,
      locale,
      origin: "automatic",
      state: "pending",
      updatedAt: { lte: startedAt },
      // Versions waiting for the allowance were not sent: they keep waiting.
      OR: [{ error: null }, { error: { not: ALLOWANCE_EXHAUSTED } }],
    },
    data: { state: "failed", error: key, attempts: { increment: 1 } },
  });
}
