/**
 * npm run stripe:setup — creates Afterglow's products and monthly prices (one per plan and
 * currency, found again by lookup key) in the Stripe account of STRIPE_SECRET_KEY.
 * Idempotent: run it again after a deploy and it creates only what is missing.
 */
import Stripe from "stripe";
import { setupStripeCatalogue, stripeConnection } from "../lib/features/billing/setup";
import { env } from "../lib/core/env";

if (!env.STRIPE_SECRET_KEY) {
  console.error("STRIPE_SECRET_KEY is not set: nothing to set up.");
  process.exit(1);
}
const stripe = new Stripe(env.STRIPE_SECRET_KEY, { ...stripeConnection(), telemetry: false });
const report = await setupStripeCatalogue(stripe);
for (const key of report.created) console.log(`created  ${key}`);
for (const key of report.existing) console.log(`exists   ${key}`);
