import { fallbackChain, type Locale } from "@/lib/core/i18n/config";

/**
 * A catalogue: nested namespaces of messages. In the built app each message is precompiled
 * (next.config.ts): a string when it has no argument, else an array; tools outside Next.js (tests,
 * the standalone worker) read the JSON's ICU strings as they are.
 */
export type Messages = { [key: string]: string | Messages };

const isNamespace = (value: unknown): value is Messages =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const loaders: Record<Locale, () => Promise<Messages>> = {
  pt: () => import("@/messages/pt.json").then((m) => m.default as Messages),
  en: () => import("@/messages/en.json").then((m) => m.default as Messages),
  es: () => import("@/messages/es.json").then((m) => m.default as Messages),
  fr: () => import("@/messages/fr.json").then((m) => m.default as Messages),
};

/** Deep-merges `over` onto `base`: keys missing in `over` keep the base's text. */
export function mergeMessages(base: Messages, over: Messages): Messages {
  const out: Messages = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const current = out[key];
    // A precompiled message is an array: a leaf, replaced whole, never merged index by index.
    out[key] = isNamespace(value) && isNamespace(current) ? mergeMessages(current, value) : value;
  }
  return out;
}

/** The messages of `locale`, with gaps filled from English and then Portuguese. */
export async function loadMessages(locale: Locale): Promise<Messages> {
  const chain = fallbackChain(locale).reverse();
  const bundles = await Promise.all(chain.map((l) => loaders[l]()));
  return bundles.reduce<Messages>((acc, bundle) => mergeMessages(acc, bundle), {});
}
