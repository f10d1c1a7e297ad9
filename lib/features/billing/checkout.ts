import "server-only";
import { auditBilling } from "@/lib/features/billing/audit";
import { checkoutLocale, lookupKey } from "@/lib/features/billing/prices";
import { BILLING_NOT_CONFIGURED, stripeClient, type Stripe } from "@/lib/features/billing/stripe";
import { db } from "@/lib/core/db";
import { appUrl } from "@/lib/core/env";
import { AppError } from "@/lib/core/errors";
import type { Locale } from "@/lib/core/i18n/config";
import { planPrice, type PaidTier } from "@/lib/platform/plans/limits";
import type { Membership } from "@/lib/platform/tenancy/membership";
import { assertCan } from "@/lib/platform/access/permissions";

export const BILLING_ERRORS = {
  notConfigured: BILLING_NOT_CONFIGURED,
  /** `npm run stripe:setup` has not been run against this Stripe account. */
  priceMissing: "billing.errors.priceMissing",
  /** The portal needs a Stripe customer: the company never checked out. */
  noCustomer: "billing.errors.noCustomer",
  checkoutFailed: "billing.errors.checkoutFailed",
  portalFailed: "billing.errors.portalFailed",
} as const;

export const SUBSCRIPTION_URL = () => `${appUrl}/admin/subscription`;

function client(): Stripe {
  const stripe = stripeClient();
  if (!stripe) throw new AppError("conflict", BILLING_ERRORS.notConfigured);
  return stripe;
}

/** A Stripe failure is the user's "could not open checkout/portal", logged; never a 500 page. */
async function stripeCall<T>(messageKey: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError) throw error;
    console.error("[billing] Stripe call failed", error instanceof Error ? error.message : error);
    throw new AppError("conflict", messageKey);
  }
}

/**
 * The company's one Stripe customer, created on first need and reused. The idempotency key
 * makes two simultaneous first checkouts create one customer; the row keeps the first id.
 */
async function customerOf(stripe: Stripe, membership: Membership): Promise<string> {
  const companyId = membership.company.id;
  const row = await db.subscription.findUnique({ where: { companyId }, select: { stripeCustomerId: true } });
  if (row?.stripeCustomerId) return row.stripeCustomerId;
  const customer = await stripe.customers.create(
    { email: membership.email, name: membership.company.name, metadata: { companyId } },
    { idempotencyKey: `afterglow-customer-${companyId}` },
  );
  await db.subscription.upsert({
    where: { companyId },
    create: { companyId, email: membership.email, stripeCustomerId: customer.id },
    update: {},
  });
  await db.subscription.updateMany({
    where: { companyId, stripeCustomerId: null },
    data: { stripeCustomerId: customer.id },
  });
  const saved = await db.subscription.findUniqueOrThrow({ where: { companyId } });
  return saved.stripeCustomerId ?? customer.id;
}

/**
 * A Checkout Session in subscription mode for `tier` in the viewer's currency (spec §7
 * create-checkout; opened in a new tab). The plan changes only when Stripe's signed webhook
 * says so: the success URL only shows a message. The session's id is kept: only a session on
 * record binds a customer to the company.
 */
export async function createCheckout(
  membership: Membership,
  tier: PaidTier,
  locale: Locale,
): Promise<{ url: string }> {
  assertCan(membership, "billing.manage");
  const stripe = client();
  const companyId = membership.company.id;
  return stripeCall(BILLING_ERRORS.checkoutFailed, async () => {
    const { currency } = planPrice(tier, locale);
    const prices = await stripe.prices.list({
      lookup_keys: [lookupKey(tier, currency)],
      active: true,
      limit: 1,
    });
    const price = prices.data[0];
    if (!price) throw new AppError("conflict", BILLING_ERRORS.priceMissing);
    const customer = await customerOf(stripe, membership);
    const metadata = { companyId, plan: tier };
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      customer,
      client_reference_id: companyId,
      metadata,
      subscription_data: { metadata },
      line_items: [{ price: price.id, quantity: 1 }],
      locale: checkoutLocale[locale],
      success_url: `${SUBSCRIPTION_URL()}?checkout=success`,
      cancel_url: `${SUBSCRIPTION_URL()}?checkout=cancel`,
    });
    if (!session.url) throw new AppError("conflict", BILLING_ERRORS.checkoutFailed);
    // Stored before the URL is handed out, so the session can be paid only once it is on record:
    // its completion is the one event that binds the customer to this company (webhook.ts).
    await db.stripeCheckoutSession.create({
      data: { id: session.id, companyId, stripeCustomerId: customer },
    });
    await auditBilling(membership, "create_checkout");
    return { url: session.url };
  });
}

/** A Billing Portal session for the company's customer (spec §7 customer-portal; new tab). */
export async function createPortal(membership: Membership): Promise<{ url: string }> {
  assertCan(membership, "billing.manage");
  const stripe = client();
  const row = await db.subscription.findUnique({
    where: { companyId: membership.company.id },
    select: { stripeCustomerId: true },
  });
  if (!row?.stripeCustomerId) throw new AppError("conflict", BILLING_ERRORS.noCustomer);
  const customer = row.stripeCustomerId;
  return stripeCall(BILLING_ERRORS.portalFailed, async () => {
    const session = await stripe.billingPortal.sessions.create({ customer, return_url: SUBSCRIPTION_URL() });
    await auditBilling(membership, "customer_portal");
    return { url: session.url };
  });
}
