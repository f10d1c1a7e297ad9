import type { Locale } from "@/lib/core/i18n/config";
import {
  inBatches,
  TRANSLATION_ERRORS,
  TranslationEngineError,
  type TranslationEngine,
} from "@/lib/features/translation/engines/engine";

/**
 * The two HTTP engines: DeepL's API and a LibreTranslate server. Each request is shaped by a
 * pure function (unit-tested) and sent with a time limit; an error status becomes a
 * `TranslationEngineError` the job retries.
 */

export interface HttpRequestSpec {
  url: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

/** Free DeepL keys end with `:fx` and have their own host. */
export function deeplBaseUrl(apiKey: string, override?: string): string {
  if (override) return override.replace(/\/+$/, "");
  return apiKey.endsWith(":fx") ? "https://api-free.deepl.com" : "https://api.deepl.com";
}

/**
 * DeepL's target codes. Portuguese is PT-PT: the default market is Portugal (spec §9: pt is
 * the default language) and Brazilian fans read European Portuguese without trouble, while
 * the reverse choice would put Brazilian spelling on Portuguese organisers' pages. English is
 * EN-GB, the variant of the European audience the product sells to.
 */
const DEEPL_TARGET: Record<Locale, string> = { pt: "PT-PT", en: "EN-GB", es: "ES", fr: "FR" };

export function deeplRequest(
  texts: string[],
  from: Locale,
  to: Locale,
  apiKey: string,
  baseUrl: string,
): HttpRequestSpec {
  return {
    url: `${baseUrl}/v2/translate`,
    headers: { authorization: `DeepL-Auth-Key ${apiKey}`, "content-type": "application/json" },
    body: { text: texts, source_lang: from.toUpperCase(), target_lang: DEEPL_TARGET[to] },
  };
}

export function parseDeeplAnswer(body: unknown): string[] {
  const translations = (body as { translations?: unknown } | null)?.translations;
  if (!Array.isArray(translations)) throw malformed();
  return translations.map((t: unknown) => {
    const text = (t as { text?: unknown } | null)?.text;
    if (typeof text !== "string") throw malformed();
    return text;
  });
}

export function libreTranslateRequest(
  texts: string[],
  from: Locale,
  to: Locale,
  baseUrl: string,
  apiKey: string | undefined,
): HttpRequestSpec {
  return {
    url: `${baseUrl.replace(/\/+$/, "")}/translate`,
    headers: { "content-type": "application/json" },
    body: { q: texts, source: from, target: to, format: "text", ...(apiKey ? { api_key: apiKey } : {}) },
  };
}

export function parseLibreTranslateAnswer(body: unknown): string[] {
  const translated = (body as { translatedText?: unknown } | null)?.translatedText;
  if (!Array.isArray(translated) || !translated.every((t) => typeof t === "string")) throw malformed();
  return translated as string[];
}

function malformed() {
  return new TranslationEngineError(TRANSLATION_ERRORS.failed, "the engine's answer has an unexpected shape");
}

/** What an error status means for the job (DeepL: 456 = quota exceeded; both: 429, 403). */
export function errorForStatus(status: number): TranslationEngineError {
  if (status === 429)
    return new TranslationEngineError(TRANSLATION_ERRORS.rateLimited, `rate limited (${status})`);
  if (status === 456)
    return new TranslationEngineError(TRANSLATION_ERRORS.quotaExceeded, `quota exceeded (${status})`);
  if (status === 401 || status === 403)
    return new TranslationEngineError(TRANSLATION_ERRORS.unavailable, `the key was refused (${status})`);
  return new TranslationEngineError(TRANSLATION_ERRORS.failed, `the engine answered ${status}`);
}

async function post(spec: HttpRequestSpec, timeoutMs: number): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(spec.url, {
      method: "POST",
      headers: spec.headers,
      body: JSON.stringify(spec.body),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: "error",
    });
  } catch (error) {
    throw new TranslationEngineError(
      TRANSLATION_ERRORS.unavailable,
      `the engine cannot be reached: ${String(error)}`,
    );
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => undefined);
    throw errorForStatus(res.status);
  }
  try {
    return await res.json();
  } catch {
    throw malformed();
  }
}

export function deeplEngine(options: {
  apiKey: string;
  apiUrl?: string;
  timeoutMs?: number;
}): TranslationEngine {
  const base = deeplBaseUrl(options.apiKey, options.apiUrl);
  return {
    name: "deepl",
    translate: (texts, from, to) =>
      // DeepL: at most 50 texts and 128 KiB per request.
      inBatches(texts, { maxChars: 30_000, maxItems: 50 }, async (batch) =>
        parseDeeplAnswer(
          await post(deeplRequest(batch, from, to, options.apiKey, base), options.timeoutMs ?? 30_000),
        ),
      ),
  };
}

export function libreTranslateEngine(options: {
  url: string;
  apiKey?: string;
  timeoutMs?: number;
}): TranslationEngine {
  return {
    name: "libretranslate",
    translate: (texts, from, to) =>
      inBatches(texts, { maxChars: 20_000, maxItems: 50 }, async (batch) =>
        parseLibreTranslateAnswer(
          await post(
            libreTranslateRequest(batch, from, to, options.url, options.apiKey),
            options.timeoutMs ?? 30_000,
          ),
        ),
      ),
  };
}
