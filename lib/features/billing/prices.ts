import type { Locale } from "@/lib/core/i18n/config";
import { locales } from "@/lib/core/i18n/config";
import { PAID_TIERS, planPrice, type PaidTier, type Price } from "@/lib/platform/plans/limits";

/**
 * Stripe prices are found by lookup key, never by id in configuration: `npm run stripe:setup`
 * creates them once per account and the app finds them again by the same key.
 */
export function lookupKey(tier: PaidTier, currency: Price["currency"]): string {
  return `afterglow_${tier}_${currency}_monthly`;
}

/** The tier a lookup key sells, or null for a price this app did not create. */
export function tierOfLookupKey(key: string | null | undefined): PaidTier | null {
  const match = /^afterglow_(professional|enterprise)_[a-z]{3}_monthly$/.exec(key ?? "");
  return (match?.[1] as PaidTier | undefined) ?? null;
}

/** Every (tier, currency) price the plan table defines, once each. */
export function catalogue(): { tier: PaidTier; price: Price; lookupKey: string }[] {
  const seen = new Map<string, { tier: PaidTier; price: Price; lookupKey: string }>();
  for (const tier of PAID_TIERS) {
    for (const locale of locales) {
      const price = planPrice(tier, locale);
      const key = lookupKey(tier, price.currency);
      if (!seen.has(key)) seen.set(key, { tier, price, lookupKey: key });
    }
  }
  return [...seen.values()];
}

/** Stripe Checkout's language for the viewer's locale. */
export const checkoutLocale: Record<Locale, "pt-BR" | "en" | "es" | "fr"> = {
  pt: "pt-BR",
  en: "en",
  es: "es",
  fr: "fr",
};
