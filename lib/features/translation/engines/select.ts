import { env } from "@/lib/core/env";
import { apertiumEngine, installedModes } from "@/lib/features/translation/engines/apertium";
import type { TranslationEngine } from "@/lib/features/translation/engines/engine";
import { deeplEngine, libreTranslateEngine } from "@/lib/features/translation/engines/http-engines";

/**
 * Which engine translates (documented in README and docs/architecture.md): the first
 * configured of DeepL, LibreTranslate, Apertium (installed: the executable answers `-l` with
 * at least one mode), else none — the source is shown and admins type versions by hand.
 */
export interface EngineSettings {
  deeplApiKey?: string;
  deeplApiUrl?: string;
  libreTranslateUrl?: string;
  libreTranslateApiKey?: string;
  /** The Apertium executable, or "off". */
  apertiumPath: string;
}

export function engineSettings(overrides: Partial<EngineSettings> = {}): EngineSettings {
  return {
    deeplApiKey: env.DEEPL_API_KEY,
    deeplApiUrl: env.DEEPL_API_URL,
    libreTranslateUrl: env.LIBRETRANSLATE_URL,
    libreTranslateApiKey: env.LIBRETRANSLATE_API_KEY,
    apertiumPath: env.APERTIUM_PATH,
    ...overrides,
  };
}

/** The choice itself, given the installed Apertium modes (pure). */
export function chooseEngine(
  settings: EngineSettings,
  apertiumModes: ReadonlySet<string>,
): TranslationEngine | null {
  if (settings.deeplApiKey)
    return deeplEngine({ apiKey: settings.deeplApiKey, apiUrl: settings.deeplApiUrl });
  if (settings.libreTranslateUrl)
    return libreTranslateEngine({ url: settings.libreTranslateUrl, apiKey: settings.libreTranslateApiKey });
  if (settings.apertiumPath !== "off" && apertiumModes.size > 0)
    return apertiumEngine({ command: settings.apertiumPath }, apertiumModes);
  return null;
}

export async function selectEngine(settings = engineSettings()): Promise<TranslationEngine | null> {
  const needsApertium =
    !settings.deeplApiKey && !settings.libreTranslateUrl && settings.apertiumPath !== "off";
  const modes = needsApertium ? await installedModes(settings.apertiumPath) : new Set<string>();
  return chooseEngine(settings, modes);
}

/**
 * The process's engine. Tests replace it (`setEngineForTests`): the write path and the job
 * run deep inside the save functions and the worker, where no argument reaches.
 */
const shared = globalThis as unknown as { afterglowTranslationEngine?: Promise<TranslationEngine | null> };

export function activeEngine(): Promise<TranslationEngine | null> {
  shared.afterglowTranslationEngine ??= selectEngine();
  return shared.afterglowTranslationEngine;
}

/** Test seam: the engine every later call gets (null = none configured; undefined = from the environment). */
export function setEngineForTests(engine: TranslationEngine | null | undefined): void {
  shared.afterglowTranslationEngine = engine === undefined ? undefined : Promise.resolve(engine);
}
