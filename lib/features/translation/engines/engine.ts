import type { Locale } from "@/lib/core/i18n/config";

/**
 * One machine-translation engine behind one small interface (issue #15): a batch of texts in
 * one language pair in, the same number of texts out, in order. Engines throw
 * `TranslationEngineError`; the translation job retries it with backoff and records its key
 * after the last attempt.
 */
export interface TranslationEngine {
  name: "deepl" | "libretranslate" | "apertium";
  translate(texts: string[], from: Locale, to: Locale): Promise<string[]>;
}

/** Why an engine run failed: a message key under `translation.errors`. */
export const TRANSLATION_ERRORS = {
  unavailable: "translation.errors.unavailable",
  rateLimited: "translation.errors.rateLimited",
  quotaExceeded: "translation.errors.quotaExceeded",
  unsupported: "translation.errors.unsupported",
  failed: "translation.errors.failed",
} as const;
export type TranslationErrorKey = (typeof TRANSLATION_ERRORS)[keyof typeof TRANSLATION_ERRORS];

export class TranslationEngineError extends Error {
  constructor(
    readonly key: TranslationErrorKey,
    message: string,
  ) {
    super(message);
    this.name = "TranslationEngineError";
  }
}

/** Engines cap a request's size; a job's texts go in batches of at most this many characters. */
export function batches(texts: string[], maxChars: number, maxItems: number): string[][] {
  const out: string[][] = [];
  let current: string[] = [];
  let size = 0;
  for (const text of texts) {
    if (current.length > 0 && (size + text.length > maxChars || current.length >= maxItems)) {
      out.push(current);
      current = [];
      size = 0;
    }
    current.push(text);
    size += text.length;
  }
  if (current.length > 0) out.push(current);
  return out;
}

/** Runs `translate` over the batches in turn and joins the answers, checking each count. */
export async function inBatches(
  texts: string[],
  limits: { maxChars: number; maxItems: number },
  translate: (batch: string[]) => Promise<string[]>,
): Promise<string[]> {
  const out: string[] = [];
  for (const batch of batches(texts, limits.maxChars, limits.maxItems)) {
    const answer = await translate(batch);
    if (answer.length !== batch.length) {
      throw new TranslationEngineError(
        TRANSLATION_ERRORS.failed,
        "the engine answered a different number of texts",
      );
    }
    out.push(...answer);
  }
  return out;
}
