import { fallbackChain, type Locale } from "@/lib/i18n/config";

export type Messages = { [key: string]: string | Messages };

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
    out[key] =
      typeof value === "object" && typeof current === "object" ? mergeMessages(current, value) : value;
  }
  return out;
}

/** The messages of `locale`, with gaps filled from English and then Portuguese. */
export async function loadMessages(locale: Locale): Promise<Messages> {
  const chain = fallbackChain(locale).reverse();
  const bundles = await Promise.all(chain.map((l) => loaders[l]()));
  return bundles.reduce<Messages>((acc, bundle) => mergeMessages(acc, bundle), {});
}
