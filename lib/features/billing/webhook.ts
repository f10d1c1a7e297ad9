import "server-only";
import { verifyWebhook } from "@/lib/features/billing/stripe";
import { readChange, type BillingChange } from "@/lib/features/billing/webhook-events";
import { db } from "@/lib/core/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { revalidatePublic } from "@/lib/platform/site/cache-tags";

type Tx = Prisma.TransactionClient;
type SubscriptionChange = Extract<BillingChange, { kind: "subscription" }>;
type InvoiceChange = Extract<BillingChange, { kind: "invoice" }>;
type CheckoutChange = Extract<BillingChange, { kind: "checkout" }>;

export type WebhookOutcome = "applied" | "duplicate" | "stale" | "ignored" | "pending" | "invalid_signature";

/**
 * The largest webhook body read (413 past it, unread). The events handled here are a checkout
 * session, a subscription with one item, or an invoice; Stripe embeds at most 10 items of any
 * list in an object (`has_more` for the rest) and caps metadata at 50 keys of 500 characters
 * (about 27 KB per metadata object), so a real event is a few kilobytes and stays far below this
 * even with every metadata object full. 256 KB is also the entry limit of Amazon EventBridge,
 * one of Stripe's own event destinations.
 */
export const STRIPE_EVENT_MAX_BYTES = 256 * 1024;

/** Stripe statuses that keep the paid plan: `past_due` too, through Stripe's retry period. */
const KEEPS_ACCESS = new Set(["active", "trialing", "past_due"]);
/** Statuses after which this subscription never gives access again. */
const TERMINAL = new Set(["canceled", "unpaid", "incomplete_expired"]);

/**
 * `POST /api/stripe/webhook`: the only way a company's plan changes besides the trial and
 * the operator's command. The signature is checked on the raw body first (400, nothing
 * stored, when it fails); then the event id is recorded in the same transaction as its
 * effect, so a retried delivery finds it and changes nothing. An event that concerns no
 * known company, or an unhandled type, is answered 200 ("ignored", so Stripe stops retrying)
 * and stores nothing. An invoice whose subscription event has not arrived yet is "pending":
 * nothing is recorded and the route answers 409, so Stripe delivers it again later.
 */
export async function handleStripeWebhook(
  rawBody: string,
  signature: string | null,
  now = Date.now(),
): Promise<WebhookOutcome> {
  const event = verifyWebhook(rawBody, signature, now);
  if (!event) return "invalid_signature";
  const change = readChange(event.type, (event.data as { object?: unknown } | undefined)?.object);
  if (!change) return "ignored";
  const eventAt = new Date(event.created * 1000);
  const { outcome, companyId } = await db.$transaction(async (tx) => {
    const companyId = await resolveCompany(tx, change);
    if (!companyId) {
      // A completed checkout this app did not start (a Payment Link's, a session naming another
      // company) is someone trying to attach a customer: worth a line in the log.
      if (change.kind === "checkout") {
        console.warn("[billing] ignored a checkout.session.completed for a session this app did not create", {
          eventId: event.id,
          sessionId: change.sessionId,
        });
      }
      return { outcome: "ignored" as const, companyId };
    }
    return { outcome: await applyChange(tx, companyId, change, event.id, event.type, eventAt), companyId };
  });
  // The plan decides the public pages' brand and white label (`publicBrand`): show the new one at once.
  if (outcome === "applied" && companyId) revalidatePublic({ companyId });
  return outcome;
}

async function applyChange(
  tx: Tx,
  companyId: string,
  change: BillingChange,
  eventId: string,
  eventType: string,
  eventAt: Date,
): Promise<WebhookOutcome> {
  // Serialises the company's billing changes (a trial start, two deliveries at once).
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`billing:${companyId}`}, 0))`;
  if (change.kind === "invoice" && (await awaitsSubscription(tx, companyId, change, eventAt))) {
    const seen = await tx.stripeEvent.count({ where: { id: eventId } });
    return seen > 0 ? "duplicate" : "pending";
  }
  const recorded = await tx.stripeEvent.createMany({
    data: [{ id: eventId, type: eventType }],
    skipDuplicates: true,
  });
  if (recorded.count === 0) return "duplicate";
  switch (change.kind) {
    case "checkout":
      return applyCheckout(tx, companyId, change);
    case "subscription":
      return applySubscription(tx, companyId, change, eventAt);
    case "invoice":
      return applyInvoice(tx, companyId, change, eventAt);
  }
}

/**
 * The company an event concerns. A customer is bound to a company only by a completed checkout
 * session this app created for it (`checkoutCompany`); every other event belongs to the company
 * that holds its customer, or to none. The company id in a subscription's metadata (ours) must
 * then agree: nobody can move a subscription between companies.
 */
async function resolveCompany(tx: Tx, change: BillingChange): Promise<string | null> {
  if (change.kind === "checkout") return checkoutCompany(tx, change);
  const holder = await tx.subscription.findUnique({
    where: { stripeCustomerId: change.customerId },
    select: { companyId: true },
  });
  if (!holder) return null;
  const claimed = change.kind === "subscription" ? change.companyId : null;
  return claimed && claimed !== holder.companyId ? null : holder.companyId;
}

/**
 * The company a completed checkout binds: the one this app created the session for
 * (`createCheckout` stores its id before handing out its URL), when the session's metadata names
 * that same company and the customer is the one the session was made for. A session started
 * by anyone else (a Payment Link, whose `client_reference_id` the buyer sets) binds nothing; nor
 * does one whose customer another company already holds.
 */
async function checkoutCompany(tx: Tx, change: CheckoutChange): Promise<string | null> {
  const ours = await tx.stripeCheckoutSession.findUnique({ where: { id: change.sessionId } });
  if (!ours || ours.companyId !== change.companyId || ours.stripeCustomerId !== change.customerId)
    return null;
  const holder = await tx.subscription.findUnique({
    where: { stripeCustomerId: change.customerId },
    select: { companyId: true },
  });
  return holder && holder.companyId !== ours.companyId ? null : ours.companyId;
}

/** Links the customer and subscription to the company; the plan waits for the subscription's own state. */
async function applyCheckout(tx: Tx, companyId: string, change: CheckoutChange): Promise<WebhookOutcome> {
  const row = await tx.subscription.findUnique({ where: { companyId } });
  await tx.subscription.upsert({
    where: { companyId },
    // The billing e-mail is Stripe's to keep; the row is created by checkout before this event.
    create: {
      companyId,
      email: "",
      stripeCustomerId: change.customerId,
      stripeSubscriptionId: change.subscriptionId,
    },
    update: {
      stripeCustomerId: change.customerId,
      // A newer subscription state already named its subscription: keep it.
      ...(row?.stripeSubscriptionId ? {} : { stripeSubscriptionId: change.subscriptionId }),
    },
  });
  return "applied";
}

async function applySubscription(
  tx: Tx,
  companyId: string,
  change: SubscriptionChange,
  eventAt: Date,
): Promise<WebhookOutcome> {
  const row = await tx.subscription.findUnique({ where: { companyId } });
  const status = change.deleted ? "canceled" : change.status;
  if (row?.stripeStateAt && eventAt < row.stripeStateAt) return "stale";
  const sameSubscription = row?.stripeSubscriptionId === change.subscriptionId;
  // Within one second Stripe's order is unknown; a cancelled subscription never comes back.
  if (sameSubscription && row?.stripeStatus === "canceled" && status !== "canceled") return "stale";
  const active = KEEPS_ACCESS.has(status) && change.tier !== null;
  // The end of an old subscription does not end the one the company pays for now.
  if (row?.subscribed && row.stripeSubscriptionId && !sameSubscription && !active) return "stale";
  const endsTrial = active || TERMINAL.has(status);
  const data = {
    stripeCustomerId: change.customerId,
    stripeSubscriptionId: change.subscriptionId,
    stripePriceId: change.priceId,
    stripeStatus: status,
    subscribed: active,
    subscriptionTier: change.tier ?? row?.subscriptionTier ?? null,
    subscriptionEnd: active ? change.periodEnd : (change.endedAt ?? eventAt),
    stripeStateAt: eventAt,
    ...(endsTrial ? { trialActive: false } : {}),
  };
  await tx.subscription.upsert({
    where: { companyId },
    create: { companyId, email: "", ...data },
    update: data,
  });
  // Stripe takes back only what Stripe gave: an unpaid checkout never lowers a comped plan.
  if (active && change.tier) {
    await tx.company.update({ where: { id: companyId }, data: { plan: change.tier } });
  } else if (row?.subscribed) {
    await tx.company.update({ where: { id: companyId }, data: { plan: "starter" } });
  }
  return "applied";
}

/**
 * Whether an invoice belongs to a subscription whose own event has not been applied yet. Stripe
 * does not deliver events in order: `invoice.paid` often comes before `customer.subscription.created`
 * (same second), or before the new subscription of a company that subscribes again. Such an
 * invoice is not recorded (recorded, Stripe's redelivery would count as a duplicate and the
 * invoice would be lost): the route answers 409 and Stripe retries it with backoff, by when the
 * subscription is known. An invoice older than the state already held is stale as before, so an
 * old subscription's late invoice is not retried for days.
 *
 * Only a subscription we expect waits: the one the checkout named, before any subscription event
 * of it; or a new one whose metadata carries this company's id (our checkout puts it there). A
 * subscription nobody here created (one made in Stripe's Dashboard for the same customer) would
 * otherwise answer 409 on every invoice, every billing cycle, for as long as it lives: its
 * invoices are stale (200, recorded) instead.
 */
async function awaitsSubscription(
  tx: Tx,
  companyId: string,
  change: InvoiceChange,
  eventAt: Date,
): Promise<boolean> {
  const row = await tx.subscription.findUnique({ where: { companyId } });
  if (!row) return false; // resolveCompany found the company through this row
  if (row.stripeStateAt && eventAt < row.stripeStateAt) return false;
  // `stripeStatus` is set by a subscription event (then by its invoices), never by a checkout.
  if (row.stripeSubscriptionId === change.subscriptionId) return row.stripeStatus === null;
  return change.companyId === companyId;
}

/** A paid invoice confirms the period; a failed one marks the banner (access goes on while Stripe retries). */
async function applyInvoice(
  tx: Tx,
  companyId: string,
  change: InvoiceChange,
  eventAt: Date,
): Promise<WebhookOutcome> {
  const row = await tx.subscription.findUnique({ where: { companyId } });
  if (!row || row.stripeSubscriptionId !== change.subscriptionId || !row.subscriptionTier) return "stale";
  if (row.stripeStateAt && eventAt < row.stripeStateAt) return "stale";
  if (row.stripeStatus === "canceled") return "stale";
  if (!change.paid) {
    await tx.subscription.update({
      where: { companyId },
      data: { stripeStatus: "past_due", stripeStateAt: eventAt },
    });
    return "applied";
  }
  const end =
    change.periodEnd && (!row.subscriptionEnd || change.periodEnd > row.subscriptionEnd)
      ? change.periodEnd
      : row.subscriptionEnd;
  await tx.subscription.update({
    where: { companyId },
    data: {
      stripeStatus: "active",
      subscribed: true,
      subscriptionEnd: end,
      stripeStateAt: eventAt,
      trialActive: false,
    },
  });
  await tx.company.update({ where: { id: companyId }, data: { plan: row.subscriptionTier } });
  return "applied";
}
