import type Stripe from "stripe";
import { catalogue } from "@/lib/features/billing/prices";
import { env } from "@/lib/core/env";
import type { PaidTier } from "@/lib/platform/plans/limits";

/**
 * The SDK's connection options from the environment (`STRIPE_API_BASE` for a local test
 * server). Kept free of `server-only` so `npm run stripe:setup` can use it too.
 */
export function stripeConnection(): Pick<Stripe.StripeConfig, "host" | "port" | "protocol"> {
  if (!env.STRIPE_API_BASE) return {};
  const url = new URL(env.STRIPE_API_BASE);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { host: url.hostname, port: url.port || (protocol === "http" ? 80 : 443), protocol };
}

const productName: Record<PaidTier, string> = {
  professional: "Afterglow Professional",
  enterprise: "Afterglow Enterprise",
};

export interface SetupReport {
  created: string[];
  existing: string[];
}

/**
 * Creates the products (fixed ids) and monthly prices (lookup keys) of the plan table in the
 * configured Stripe account. Idempotent: what exists is found and left alone, so running it
 * twice creates nothing the second time. A changed amount needs a new price (Stripe prices
 * are immutable): archive the old one in the dashboard and run this again.
 */
export async function setupStripeCatalogue(stripe: Stripe): Promise<SetupReport> {
  const report: SetupReport = { created: [], existing: [] };
  for (const entry of catalogue()) {
    const found = await stripe.prices.list({ lookup_keys: [entry.lookupKey], active: true, limit: 1 });
    if (found.data.length > 0) {
      report.existing.push(entry.lookupKey);
      continue;
    }
    const product = `afterglow_${entry.tier}`;
    const exists = await stripe.products.retrieve(product).then(
      () => true,
      (error: { statusCode?: number }) => {
        if (error.statusCode === 404) return false;
        throw error;
      },
    );
    if (!exists) {
      await stripe.products.create({
        id: product,
        name: productName[entry.tier],
        metadata: { plan: entry.tier },
      });
    }
    await stripe.prices.create(
      {
        product,
        currency: entry.price.currency,
        unit_amount: entry.price.amount,
        recurring: { interval: "month" },
        lookup_key: entry.lookupKey,
        metadata: { plan: entry.tier },
      },
      { idempotencyKey: `afterglow-price-${entry.lookupKey}-${entry.price.amount}` },
    );
    report.created.push(entry.lookupKey);
  }
  return report;
}
