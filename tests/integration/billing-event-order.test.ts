import { describe, expect, it } from "vitest";
import { sign, stripeEvent, subscriptionObject, WEBHOOK_SECRET } from "./support/billing";

/**
 * Stripe does not deliver events in order (issue #41): an invoice often arrives before the
 * subscription event that says which plan it pays for. Real signed payloads (the SDK's own
 * test-header helper) go to the real route handler, as in billing.test.ts; the webhook makes no
 * API call, so no Stripe test server is needed. STRIPE_* are set before any app module reads
 * `lib/core/env`.
 */
Object.assign(process.env, {
  STRIPE_SECRET_KEY: "sk_test_afterglow",
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
});
const { db } = await import("@/lib/core/db");
const { POST } = await import("@/app/api/stripe/webhook/route");
const { lookupKey } = await import("@/lib/features/billing/prices");
const { loadEffectivePlan } = await import("@/lib/platform/plans/effective");
const { createTenant } = await import("./support/tenants");

const PRO = lookupKey("professional", "eur");
/** One instant for the whole file: event times are relative to it, never to a second clock read. */
const T = Math.floor(Date.now() / 1000) - 1000;
const inDays = (days: number) => T + days * 86_400;

async function send(event: ReturnType<typeof stripeEvent>): Promise<{ status: number; body: unknown }> {
  const body = JSON.stringify(event);
  const response = await POST(
    new Request("http://localhost:3000/api/stripe/webhook", {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": sign(body) },
      body,
    }),
  );
  return { status: response.status, body: await response.json() };
}

/** `metadata`: the subscription's, as Stripe copies it into the invoice (our checkout sets `companyId`). */
const invoice = (
  customer: string,
  subscription: string,
  periodEnd: number,
  metadata: Record<string, string> | null = null,
) => ({
  object: "invoice",
  customer,
  parent: { subscription_details: { subscription, metadata } },
  lines: { data: [{ period: { end: periodEnd } }] },
});

/** A company whose checkout completed: it holds `customer`, and the checkout named `subscription`. */
async function checkedOut(customer: string, subscription: string | null) {
  const company = await createTenant(db);
  await db.subscription.create({
    data: {
      companyId: company.id,
      email: "",
      stripeCustomerId: customer,
      stripeSubscriptionId: subscription,
    },
  });
  return company;
}

const recorded = (id: string) => db.stripeEvent.count({ where: { id } });
const subscriptionOf = (companyId: string) => db.subscription.findUniqueOrThrow({ where: { companyId } });

describe("an invoice that arrives before its subscription", () => {
  it("is refused with 409 and not recorded, then applied once when Stripe delivers it again", async () => {
    const company = await checkedOut("cus_early", "sub_early");
    const paid = stripeEvent("invoice.paid", invoice("cus_early", "sub_early", inDays(31)), T + 1);

    // Before the subscription: not applied, not recorded, and not a 2xx, so Stripe retries it.
    expect(await send(paid)).toEqual({ status: 409, body: { error: "subscription_pending" } });
    expect(await recorded(paid.id)).toBe(0);
    expect((await loadEffectivePlan(db, company.id)).plan).toBe("starter");

    // The subscription arrives, still waiting for its first payment.
    const created = stripeEvent(
      "customer.subscription.created",
      subscriptionObject({
        id: "sub_early",
        customer: "cus_early",
        status: "incomplete",
        lookupKey: PRO,
        periodEnd: inDays(30),
      }),
      T,
    );
    expect((await send(created)).body).toEqual({ received: true, outcome: "applied" });
    expect((await loadEffectivePlan(db, company.id)).plan).toBe("starter");

    // Stripe's redelivery of the invoice is what makes the plan paid.
    expect(await send(paid)).toEqual({ status: 200, body: { received: true, outcome: "applied" } });
    const row = await subscriptionOf(company.id);
    expect(row).toMatchObject({ stripeStatus: "active", subscribed: true, subscriptionTier: "professional" });
    expect(row.subscriptionEnd?.getTime()).toBe(inDays(31) * 1000);
    expect((await loadEffectivePlan(db, company.id)).plan).toBe("professional");

    // A replay afterwards changes nothing: the event is on record once.
    const before = await subscriptionOf(company.id);
    expect(await send(paid)).toEqual({ status: 200, body: { received: true, outcome: "duplicate" } });
    expect(await recorded(paid.id)).toBe(1);
    expect(await subscriptionOf(company.id)).toEqual(before);
  });

  it("waits for a second subscription the company has not been told about yet", async () => {
    const company = await checkedOut("cus_again", "sub_first");
    const ended = subscriptionObject({
      id: "sub_first",
      customer: "cus_again",
      status: "canceled",
      lookupKey: PRO,
      periodEnd: inDays(0),
      endedAt: T,
    });
    await send(stripeEvent("customer.subscription.deleted", ended, T));

    // The company subscribes again; the new subscription's invoice comes first, even before
    // `checkout.session.completed` (which keeps the subscription already named anyway). Our
    // checkout put the company's id in the subscription's metadata, which the invoice carries.
    const metadata = { companyId: company.id, plan: "professional" };
    const paid = stripeEvent(
      "invoice.paid",
      invoice("cus_again", "sub_second", inDays(62), metadata),
      T + 10,
    );
    expect((await send(paid)).status).toBe(409);
    expect(await recorded(paid.id)).toBe(0);

    const second = subscriptionObject({
      id: "sub_second",
      customer: "cus_again",
      status: "active",
      lookupKey: PRO,
      periodEnd: inDays(31),
    });
    await send(stripeEvent("customer.subscription.created", second, T + 10));
    expect((await send(paid)).body).toEqual({ received: true, outcome: "applied" });
    expect((await subscriptionOf(company.id)).subscriptionEnd?.getTime()).toBe(inDays(62) * 1000);
    expect((await send(paid)).body).toEqual({ received: true, outcome: "duplicate" });
  });

  it("answers 200 stale, not 409, for an old subscription's invoice older than the state held", async () => {
    const company = await checkedOut("cus_old", "sub_now");
    const current = subscriptionObject({
      id: "sub_now",
      customer: "cus_old",
      status: "active",
      lookupKey: PRO,
      periodEnd: inDays(30),
    });
    await send(stripeEvent("customer.subscription.created", current, T + 20));
    const before = await subscriptionOf(company.id);
    // Retrying this one for days would change nothing: it is older than what the company holds.
    const late = stripeEvent("invoice.payment_failed", invoice("cus_old", "sub_before", inDays(1)), T + 5);
    expect(await send(late)).toEqual({ status: 200, body: { received: true, outcome: "stale" } });
    expect(await recorded(late.id)).toBe(1);
    expect(await subscriptionOf(company.id)).toEqual(before);
  });

  it("answers 200 stale, not 409 every cycle, for a subscription this app did not create", async () => {
    const company = await checkedOut("cus_dash", "sub_ours");
    await send(
      stripeEvent(
        "customer.subscription.created",
        subscriptionObject({
          id: "sub_ours",
          customer: "cus_dash",
          status: "active",
          lookupKey: PRO,
          periodEnd: inDays(30),
        }),
        T,
      ),
    );
    const before = await subscriptionOf(company.id);
    // A second subscription made in Stripe's Dashboard for the same customer: no company id in its
    // metadata. Retrying it would never change the answer.
    const foreign = stripeEvent("invoice.paid", invoice("cus_dash", "sub_dashboard", inDays(31)), T + 30);
    expect(await send(foreign)).toEqual({ status: 200, body: { received: true, outcome: "stale" } });
    expect(await recorded(foreign.id)).toBe(1);
    // Nor does another company's id in the metadata make it ours.
    const claimed = stripeEvent(
      "invoice.paid",
      invoice("cus_dash", "sub_claimed", inDays(31), { companyId: "another-company" }),
      T + 31,
    );
    expect(await send(claimed)).toEqual({ status: 200, body: { received: true, outcome: "stale" } });
    expect(await subscriptionOf(company.id)).toEqual(before);
  });
});
