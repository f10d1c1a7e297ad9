import "server-only";
import Stripe from "stripe";
import { stripeConnection } from "@/lib/features/billing/setup";
import { env } from "@/lib/core/env";

/**
 * The app's only door to Stripe: a client built from the environment, or null when billing is
 * not configured (then trials still run and the billing buttons say so, never a 500).
 * `STRIPE_API_BASE` points the SDK at another host (tests run a local server speaking
 * Stripe's HTTP API); every call still goes through the official SDK.
 */
export const BILLING_NOT_CONFIGURED = "billing.errors.notConfigured";

/** Stripe's own signature check allows 300 s of clock skew; so do we (and no more). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

const globalForStripe = globalThis as unknown as { afterglowStripe?: Stripe };

export function billingConfigured(): boolean {
  return Boolean(env.STRIPE_SECRET_KEY);
}

export function webhooksConfigured(): boolean {
  return Boolean(env.STRIPE_WEBHOOK_SECRET);
}

/** The Stripe client, or null when `STRIPE_SECRET_KEY` is unset. */
export function stripeClient(): Stripe | null {
  if (!env.STRIPE_SECRET_KEY) return null;
  globalForStripe.afterglowStripe ??= new Stripe(env.STRIPE_SECRET_KEY, {
    ...stripeConnection(),
    // One retry of a network blip (POSTs carry idempotency keys, so a retry cannot double them).
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: "Afterglow" },
  });
  return globalForStripe.afterglowStripe;
}

/**
 * Verifies a webhook delivery on its raw body and returns the event, or null when the
 * signature is missing, wrong or older than the tolerance (the caller answers 400).
 */
export function verifyWebhook(
  rawBody: string,
  signature: string | null,
  now = Date.now(),
): Stripe.Event | null {
  const secret = env.STRIPE_WEBHOOK_SECRET;
  if (!secret || !signature) return null;
  try {
    return Stripe.webhooks.constructEvent(
      rawBody,
      signature,
      secret,
      WEBHOOK_TOLERANCE_SECONDS,
      undefined,
      now, // milliseconds: the SDK divides by 1000 itself
    );
  } catch {
    // SignatureVerificationError or a body that is not JSON: the same answer, nothing stored.
    return null;
  }
}

export type { Stripe };
