import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  seeded,
  sign,
  startFakeStripe,
  stripeEvent,
  subscriptionObject,
  WEBHOOK_SECRET,
  type FakeStripe,
} from "./support/billing";

/**
 * Billing through the production paths: the SDK talks to a local server speaking Stripe's
 * API, and webhooks are real signed payloads (the SDK's own test-header helper) delivered to
 * the real route handler. STRIPE_* are set before any app module reads `lib/core/env`.
 */
const stripe: FakeStripe = await startFakeStripe();
Object.assign(process.env, {
  STRIPE_SECRET_KEY: "sk_test_afterglow",
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_BASE: stripe.url,
});
const { db } = await import("@/lib/core/db");
const { POST } = await import("@/app/api/stripe/webhook/route");
const { createCheckout, createPortal } = await import("@/lib/features/billing/checkout");
const { setupStripeCatalogue } = await import("@/lib/features/billing/setup");
const { stripeClient } = await import("@/lib/features/billing/stripe");
const { lookupKey } = await import("@/lib/features/billing/prices");
const { startTrial } = await import("@/lib/features/billing/trial");
const { loadEffectivePlan } = await import("@/lib/platform/plans/effective");
const { getStorageUsage, assertPhotoRoom } = await import("@/lib/platform/plans/enforce");
const { createTenant, createEventRow } = await import("./support/tenants");
const { rejection } = await import("./support/media");
const { setCompanyPlan } = await import("@/lib/features/billing/set-plan");
const { getSubscriptionOverview } = await import("@/lib/features/billing/overview");

afterAll(() => stripe.close());

const PRO = lookupKey("professional", "brl");
const ENT = lookupKey("enterprise", "usd");
const now = () => Math.floor(Date.now() / 1000);
const inDays = (days: number) => now() + days * 86_400;

async function deliver(
  body: string,
  signature: string | null = sign(body),
): Promise<{ status: number; json: { outcome?: string; error?: string } }> {
  const headers = new Headers({ "content-type": "application/json" });
  if (signature !== null) headers.set("stripe-signature", signature);
  const response = await POST(
    new Request("http://localhost:3000/api/stripe/webhook", { method: "POST", headers, body }),
  );
  return { status: response.status, json: (await response.json()) as { outcome?: string } };
}

const send = (event: ReturnType<typeof stripeEvent>) => deliver(JSON.stringify(event));

/** A company that went through checkout: it holds Stripe customer `customer`. */
async function customerCompany(customer: string) {
  const company = await createTenant(db);
  await db.subscription.create({ data: { companyId: company.id, email: "", stripeCustomerId: customer } });
  return company;
}

/** What `createCheckout` leaves behind: the company's customer and the session on record. */
async function checkoutOnRecord(customer: string, sessionId: string) {
  const company = await customerCompany(customer);
  await db.stripeCheckoutSession.create({
    data: { id: sessionId, companyId: company.id, stripeCustomerId: customer },
  });
  return company;
}

async function snapshot() {
  const [companies, subscriptions, events, sessions] = await Promise.all([
    db.company.findMany({ select: { id: true, plan: true }, orderBy: { id: "asc" } }),
    db.subscription.findMany({ orderBy: { companyId: "asc" } }),
    db.stripeEvent.count(),
    db.stripeCheckoutSession.count(),
  ]);
  return JSON.stringify({ companies, subscriptions, events, sessions });
}

describe("webhook signature", () => {
  let event: ReturnType<typeof stripeEvent>;
  let body: string;
  beforeAll(async () => {
    const company = await customerCompany("cus_sig");
    event = stripeEvent(
      "customer.subscription.updated",
      subscriptionObject({
        id: "sub_sig",
        customer: "cus_sig",
        status: "active",
        lookupKey: PRO,
        periodEnd: inDays(30),
        companyId: company.id,
      }),
      now(),
    );
    body = JSON.stringify(event);
  });

  it("refuses a bad, missing, stale or tampered signature with 400 and stores nothing", async () => {
    const before = await snapshot();
    expect((await deliver(body, sign(body, { secret: "whsec_wrong" }))).status).toBe(400);
    expect((await deliver(body, null)).status).toBe(400);
    expect((await deliver(body, "")).status).toBe(400);
    expect((await deliver(body, sign(body, { timestamp: now() - 301 }))).status).toBe(400);
    expect((await deliver(body.replace('"active"', '"trialing"'), sign(body))).status).toBe(400);
    expect((await deliver(body, sign(body).replace(/v1=[0-9a-f]{4}/, "v1=0000"))).status).toBe(400);
    expect(await snapshot()).toBe(before);
  });

  it("accepts a good signature within the 300 s tolerance", async () => {
    const answer = await deliver(body, sign(body, { timestamp: now() - 200 }));
    expect(answer).toEqual({ status: 200, json: { received: true, outcome: "applied" } });
  });
});

describe("each handled type", () => {
  it("checkout, subscription created/updated/deleted and invoices drive the plan and its limits", async () => {
    const company = await checkoutOnRecord("cus_flow", "cs_1");
    const t = now() - 1000;
    // Checkout completes: the subscription is linked, the plan waits for the subscription's state.
    const checkout = {
      id: "cs_1",
      object: "checkout.session",
      mode: "subscription",
      customer: "cus_flow",
      subscription: "sub_flow",
      client_reference_id: company.id,
      metadata: { companyId: company.id },
    };
    expect((await send(stripeEvent("checkout.session.completed", checkout, t))).json.outcome).toBe("applied");
    expect(await db.subscription.findUnique({ where: { companyId: company.id } })).toMatchObject({
      stripeCustomerId: "cus_flow",
      stripeSubscriptionId: "sub_flow",
      subscribed: false,
    });
    expect((await db.company.findUniqueOrThrow({ where: { id: company.id } })).plan).toBe("starter");

    const sub = (status: string, key = PRO) =>
      subscriptionObject({
        id: "sub_flow",
        customer: "cus_flow",
        status,
        lookupKey: key,
        periodEnd: inDays(30),
      });
    await send(stripeEvent("customer.subscription.created", sub("active"), t + 1));
    expect((await loadEffectivePlan(db, company.id)).plan).toBe("professional");
    expect((await getStorageUsage(company.id)).quotaBytes).toBe(50 * 1024 ** 3);

    await send(stripeEvent("customer.subscription.updated", sub("active", ENT), t + 2));
    expect((await db.company.findUniqueOrThrow({ where: { id: company.id } })).plan).toBe("enterprise");

    // One instant for the invoice and the assertion (two clock reads can straddle a second).
    const periodEnd = inDays(60);
    const invoice = {
      object: "invoice",
      customer: "cus_flow",
      parent: { subscription_details: { subscription: "sub_flow" } },
      lines: { data: [{ period: { end: periodEnd } }] },
    };
    await send(stripeEvent("invoice.payment_failed", invoice, t + 3));
    // Access continues through Stripe's retries; the status shows the banner.
    expect(await db.subscription.findUnique({ where: { companyId: company.id } })).toMatchObject({
      stripeStatus: "past_due",
      subscribed: true,
    });
    expect((await loadEffectivePlan(db, company.id)).plan).toBe("enterprise");

    await send(stripeEvent("invoice.paid", invoice, t + 4));
    const paid = await db.subscription.findUniqueOrThrow({ where: { companyId: company.id } });
    expect(paid).toMatchObject({ stripeStatus: "active", subscribed: true });
    expect(paid.subscriptionEnd?.getTime()).toBe(periodEnd * 1000);

    await send(stripeEvent("customer.subscription.deleted", sub("canceled", ENT), t + 5));
    expect((await loadEffectivePlan(db, company.id)).plan).toBe("starter");
    expect(await getStorageUsage(company.id)).toMatchObject({ quotaBytes: 1024 ** 3, photosPerEvent: 50 });
    expect(await db.subscription.findUnique({ where: { companyId: company.id } })).toMatchObject({
      subscribed: false,
      stripeStatus: "canceled",
    });
  });

  it("answers unknown types 200 and stores nothing", async () => {
    const before = await snapshot();
    const answer = await send(stripeEvent("charge.refunded", { id: "ch_1", customer: "cus_flow" }, now()));
    expect(answer).toEqual({ status: 200, json: { received: true, outcome: "ignored" } });
    expect(await snapshot()).toBe(before);
  });
});

describe("exactly once, in order", () => {
  it("applies a replayed event once: a replay after a newer event changes nothing", async () => {
    const company = await customerCompany("cus_replay");
    const active = stripeEvent(
      "customer.subscription.updated",
      subscriptionObject({
        id: "sub_r",
        customer: "cus_replay",
        status: "active",
        lookupKey: PRO,
        periodEnd: inDays(30),
      }),
      now() - 100,
    );
    const cancelled = stripeEvent(
      "customer.subscription.deleted",
      subscriptionObject({
        id: "sub_r",
        customer: "cus_replay",
        status: "canceled",
        lookupKey: PRO,
        periodEnd: inDays(30),
      }),
      now() - 50,
    );
    expect((await send(active)).json.outcome).toBe("applied");
    expect((await send(active)).json.outcome).toBe("duplicate");
    expect((await send(cancelled)).json.outcome).toBe("applied");
    expect((await send(active)).json.outcome).toBe("duplicate");
    expect((await db.company.findUniqueOrThrow({ where: { id: company.id } })).plan).toBe("starter");
    expect(await db.stripeEvent.count({ where: { id: { in: [active.id, cancelled.id] } } })).toBe(2);
  });

  it("applies concurrent deliveries of one event once", async () => {
    const company = await customerCompany("cus_conc");
    const event = stripeEvent(
      "customer.subscription.created",
      subscriptionObject({
        id: "sub_c",
        customer: "cus_conc",
        status: "active",
        lookupKey: PRO,
        periodEnd: inDays(30),
      }),
      now(),
    );
    const outcomes = (await Promise.all(Array.from({ length: 5 }, () => send(event))))
      .map((a) => a.json.outcome)
      .sort();
    expect(outcomes).toEqual(["applied", "duplicate", "duplicate", "duplicate", "duplicate"]);
    expect((await db.company.findUniqueOrThrow({ where: { id: company.id } })).plan).toBe("professional");
  });

  it("never lets an older subscription.updated overwrite a newer state", async () => {
    const company = await customerCompany("cus_order");
    const sub = (status: string, key: string) =>
      subscriptionObject({
        id: "sub_o",
        customer: "cus_order",
        status,
        lookupKey: key,
        periodEnd: inDays(30),
      });
    expect(
      (await send(stripeEvent("customer.subscription.updated", sub("active", ENT), now() - 10))).json.outcome,
    ).toBe("applied");
    expect(
      (await send(stripeEvent("customer.subscription.updated", sub("active", PRO), now() - 20))).json.outcome,
    ).toBe("stale");
    expect((await db.company.findUniqueOrThrow({ where: { id: company.id } })).plan).toBe("enterprise");
    // A cancellation delivered before an older "active" stays cancelled.
    await send(stripeEvent("customer.subscription.deleted", sub("canceled", ENT), now() - 5));
    expect(
      (await send(stripeEvent("customer.subscription.updated", sub("active", ENT), now() - 8))).json.outcome,
    ).toBe("stale");
    expect((await db.company.findUniqueOrThrow({ where: { id: company.id } })).plan).toBe("starter");
  });
});

describe("one company's subscription is its own", () => {
  it("refuses an event that pairs one company's customer with another company's id", async () => {
    const owner = await customerCompany("cus_owner");
    const intruder = await createTenant(db);
    const before = await snapshot();
    const forged = subscriptionObject({
      id: "sub_x",
      customer: "cus_owner",
      status: "active",
      lookupKey: ENT,
      periodEnd: inDays(30),
      companyId: intruder.id,
    });
    expect((await send(stripeEvent("customer.subscription.created", forged, now()))).json.outcome).toBe(
      "ignored",
    );
    const checkout = {
      mode: "subscription",
      customer: "cus_owner",
      subscription: "sub_x",
      client_reference_id: intruder.id,
    };
    expect((await send(stripeEvent("checkout.session.completed", checkout, now()))).json.outcome).toBe(
      "ignored",
    );
    // A customer unknown to the app cannot claim a company that already has its own customer.
    const other = subscriptionObject({
      id: "sub_y",
      customer: "cus_stranger",
      status: "active",
      lookupKey: ENT,
      periodEnd: inDays(30),
      companyId: owner.id,
    });
    expect((await send(stripeEvent("customer.subscription.created", other, now()))).json.outcome).toBe(
      "ignored",
    );
    expect(await snapshot()).toBe(before);
  });

  it("opens the portal only for the caller's own customer", async () => {
    const owner = await customerCompany("cus_portal_owner");
    const other = await createTenant(db);
    await expect(createPortal(owner.as("admin"))).resolves.toMatchObject({
      url: expect.stringContaining("billing.stripe.test"),
    });
    const portal = stripe.requests.filter((r) => r.path === "/v1/billing_portal/sessions").at(-1);
    expect(portal?.params.get("customer")).toBe("cus_portal_owner");
    expect(await rejection(createPortal(other.as("admin")))).toMatchObject({
      code: "conflict",
      messageKey: "billing.errors.noCustomer",
    });
    expect(await rejection(createPortal(owner.as("manager")))).toMatchObject({ code: "forbidden" });
  });
});

describe("checkout and setup against the Stripe test server", () => {
  it("creates the catalogue idempotently by lookup key", async () => {
    const client = stripeClient()!;
    const first = await setupStripeCatalogue(client);
    expect(first.created).toHaveLength(6);
    const second = await setupStripeCatalogue(client);
    expect(second).toEqual({ created: [], existing: first.created });
    expect(stripe.prices).toHaveLength(6);
    expect(stripe.products.map((p) => p.id).sort()).toEqual([
      "afterglow_enterprise",
      "afterglow_professional",
    ]);
    expect(stripe.prices.find((p) => p.lookup_key === PRO)).toMatchObject({
      currency: "brl",
      unit_amount: 4900,
    });
  });

  it("opens a subscription checkout in the viewer's currency, one customer per company", async () => {
    const company = await createTenant(db);
    const first = await createCheckout(company.as("admin"), "professional", "en");
    expect(first.url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    await createCheckout(company.as("admin"), "enterprise", "pt");
    const sessions = stripe.requests.filter((r) => r.path === "/v1/checkout/sessions").slice(-2);
    const usd = stripe.prices.find((p) => p.lookup_key === lookupKey("professional", "usd"))!;
    expect(sessions[0]!.params.get("mode")).toBe("subscription");
    expect(sessions[0]!.params.get("line_items[0][price]")).toBe(usd.id);
    expect(sessions[0]!.params.get("client_reference_id")).toBe(company.id);
    expect(sessions[0]!.params.get("metadata[companyId]")).toBe(company.id);
    expect(sessions[0]!.params.get("subscription_data[metadata][companyId]")).toBe(company.id);
    expect(sessions[0]!.params.get("success_url")).toMatch(/\/admin\/subscription\?checkout=success$/);
    expect(sessions[1]!.params.get("customer")).toBe(sessions[0]!.params.get("customer"));
    expect(stripe.customers.filter((c) => c.email === company.as("admin").email)).toHaveLength(1);
    // The redirect changes nothing: only Stripe's signed state does.
    expect((await loadEffectivePlan(db, company.id)).plan).toBe("starter");
    expect(await rejection(createCheckout(company.as("manager"), "professional", "en"))).toMatchObject({
      code: "forbidden",
    });
  });
});

describe("a customer is bound to a company only by a checkout this app created for it", () => {
  /** A Payment Link's completed session: made by Stripe for whoever opened the link. */
  const paymentLinkCheckout = (victim: string, customer: string, extra: Record<string, unknown> = {}) => ({
    id: `cs_live_${Math.random().toString(36).slice(2)}`,
    object: "checkout.session",
    mode: "subscription",
    customer,
    subscription: `sub_${customer}`,
    client_reference_id: victim,
    payment_link: "plink_attacker",
    metadata: {},
    ...extra,
  });

  it("ignores a signed checkout this app did not create, and the attacker's subscription events after it (regression)", async () => {
    // Victims: a company that never checked out, and one in its trial (a row, no customer).
    const fresh = await createTenant(db);
    const trialing = await createTenant(db);
    await startTrial(trialing.as("admin"));
    const before = await snapshot();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      for (const victim of [fresh, trialing]) {
        const customer = `cus_attacker_${victim.id}`;
        const shapes = [
          paymentLinkCheckout(victim.id, customer),
          // Metadata naming the victim does not help a session that is not on record.
          paymentLinkCheckout(victim.id, customer, { metadata: { companyId: victim.id } }),
        ];
        for (const session of shapes) {
          const answer = await send(stripeEvent("checkout.session.completed", session, now()));
          expect(answer).toEqual({ status: 200, json: { received: true, outcome: "ignored" } });
        }
        // The attacker's subscription then says Enterprise, naming the victim: still nobody's.
        const subscription = subscriptionObject({
          id: `sub_${customer}`,
          customer,
          status: "active",
          lookupKey: ENT,
          periodEnd: inDays(30),
          companyId: victim.id,
        });
        for (const type of ["customer.subscription.created", "customer.subscription.updated"]) {
          expect((await send(stripeEvent(type, subscription, now()))).json.outcome).toBe("ignored");
        }
      }
      expect(await snapshot()).toBe(before);
      expect((await loadEffectivePlan(db, fresh.id)).plan).toBe("starter");
      // Recorded: each refused checkout is a line in the log.
      expect(warn.mock.calls.filter(([line]) => String(line).includes("did not create"))).toHaveLength(4);
    } finally {
      warn.mockRestore();
    }
  });

  it("binds our own session only with our metadata and our customer", async () => {
    const company = await createTenant(db);
    const other = await createTenant(db);
    await createCheckout(company.as("admin"), "professional", "en");
    const created = stripe.requests.filter((r) => r.path === "/v1/checkout/sessions").at(-1)!;
    const customer = created.params.get("customer")!;
    const session = await db.stripeCheckoutSession.findFirstOrThrow({ where: { companyId: company.id } });
    expect(session.stripeCustomerId).toBe(customer);
    const ours = {
      id: session.id,
      object: "checkout.session",
      mode: "subscription",
      customer,
      subscription: "sub_ours",
      client_reference_id: company.id,
      metadata: { companyId: company.id, plan: "professional" },
    };
    const before = await snapshot();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      // Our session id with another company in its metadata, or another customer: not ours.
      for (const forged of [
        { ...ours, metadata: { companyId: other.id }, client_reference_id: other.id },
        { ...ours, metadata: {} },
        { ...ours, customer: "cus_someone_else" },
      ]) {
        expect((await send(stripeEvent("checkout.session.completed", forged, now()))).json.outcome).toBe(
          "ignored",
        );
      }
    } finally {
      warn.mockRestore();
    }
    expect(await snapshot()).toBe(before);

    expect((await send(stripeEvent("checkout.session.completed", ours, now() - 2))).json.outcome).toBe(
      "applied",
    );
    expect(await db.subscription.findUnique({ where: { companyId: company.id } })).toMatchObject({
      stripeCustomerId: customer,
      stripeSubscriptionId: "sub_ours",
    });
    const active = subscriptionObject({
      id: "sub_ours",
      customer,
      status: "active",
      lookupKey: PRO,
      periodEnd: inDays(30),
      companyId: company.id,
    });
    expect((await send(stripeEvent("customer.subscription.created", active, now() - 1))).json.outcome).toBe(
      "applied",
    );
    expect((await loadEffectivePlan(db, company.id)).plan).toBe("professional");
    expect((await loadEffectivePlan(db, other.id)).plan).toBe("starter");
  });
});

describe("trial", () => {
  it("starts once: 5 days of Professional, a second start refused, concurrent starts give one trial", async () => {
    const company = await createTenant(db);
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => startTrial(company.as("admin"))),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refusals = results.flatMap((r) =>
      r.status === "rejected" ? [r.reason as { messageKey: string }] : [],
    );
    expect(refusals.map((r) => r.messageKey)).toEqual(Array(4).fill("billing.errors.trialAlreadyUsed"));
    const effective = await loadEffectivePlan(db, company.id);
    expect(effective).toMatchObject({ plan: "professional", trial: { isInTrial: true, trialDaysLeft: 5 } });
    expect(await rejection(startTrial(company.as("admin")))).toMatchObject({
      code: "conflict",
      messageKey: "billing.errors.trialAlreadyUsed",
    });
    expect(await rejection(startTrial(company.as("manager")))).toMatchObject({ code: "forbidden" });
    const audit = await db.sessionAudit.findMany({
      where: { companyId: company.id, action: "subscription_data_access" },
    });
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0]!.details)).not.toContain("@");
  });

  it("lifts Starter's photo limit during the trial; a signed cancellation ends it", async () => {
    const company = await customerCompany("cus_trial");
    const event = await createEventRow(db, company.id);
    await expect(assertPhotoRoom(db, company.id, [event.id], 60)).rejects.toMatchObject({
      messageKey: "plans.errors.photosPerEvent",
    });
    await startTrial(company.as("admin"));
    await expect(assertPhotoRoom(db, company.id, [event.id], 60)).resolves.toBeUndefined();
    const ended = subscriptionObject({
      id: "sub_t",
      customer: "cus_trial",
      status: "canceled",
      lookupKey: PRO,
      periodEnd: now(),
      endedAt: now(),
    });
    await send(stripeEvent("customer.subscription.deleted", ended, now()));
    expect(await loadEffectivePlan(db, company.id)).toMatchObject({
      plan: "starter",
      trial: { isInTrial: false, trialDaysLeft: 0 },
    });
    await expect(assertPhotoRoom(db, company.id, [event.id], 60)).rejects.toMatchObject({
      code: "forbidden",
    });
  });
});

describe("subscription page data and the operator's command", () => {
  it("shows plan, status and usage to managers and admins, audited without personal data", async () => {
    const company = await createTenant(db);
    const manager = company.as("manager");
    expect(await getSubscriptionOverview(manager)).toMatchObject({
      plan: "starter",
      status: "none",
      trialAvailable: true,
      canManage: false,
      billingConfigured: true,
      usage: { photosPerEvent: 50 },
    });
    await startTrial(company.as("admin"));
    const trial = await getSubscriptionOverview(company.as("admin"));
    expect(trial).toMatchObject({
      plan: "professional",
      status: "trialing",
      trialAvailable: false,
      canManage: true,
    });
    expect(trial.trial.trialDaysLeft).toBe(5);
    const audit = await db.sessionAudit.findMany({
      where: { companyId: company.id, action: "subscription_data_access" },
    });
    expect(audit.map((a) => (a.details as { operation: string }).operation).sort()).toEqual([
      "start_trial",
      "view",
      "view",
    ]);
    expect(JSON.stringify(audit.map((a) => a.details))).not.toMatch(/@|cus_/);
  });

  it("sets a plan by hand, audited", async () => {
    const company = await createTenant(db);
    await expect(setCompanyPlan(db, company.slug, "enterprise")).resolves.toMatchObject({
      previous: "starter",
    });
    expect((await loadEffectivePlan(db, company.id)).plan).toBe("enterprise");
    const audit = await db.sessionAudit.findFirstOrThrow({
      where: { companyId: company.id, action: "admin_privileged_action" },
    });
    expect(audit.details).toMatchObject({ operation: "set_plan", previous: "starter", plan: "enterprise" });
    await expect(setCompanyPlan(db, "no-such-company", "enterprise")).rejects.toThrow(/No company/);
    // A checkout abandoned in Stripe does not take the comp away.
    await db.subscription.create({
      data: { companyId: company.id, email: "", stripeCustomerId: "cus_comped" },
    });
    const abandoned = subscriptionObject({
      id: "sub_comp",
      customer: "cus_comped",
      status: "incomplete_expired",
      lookupKey: PRO,
      periodEnd: now(),
    });
    expect((await send(stripeEvent("customer.subscription.updated", abandoned, now()))).json.outcome).toBe(
      "applied",
    );
    expect((await loadEffectivePlan(db, company.id)).plan).toBe("enterprise");
  });
});

describe("webhook fuzz", () => {
  it("answers 2,000 fuzzed bodies and headers without a 5xx and changes no row", async () => {
    const rng = seeded(20261123);
    const real = ["cus_flow", "cus_replay", "cus_order", "cus_owner", "cus_trial"];
    const types = [
      "customer.subscription.created",
      "customer.subscription.updated",
      "customer.subscription.deleted",
      "checkout.session.completed",
      "invoice.paid",
      "invoice.payment_failed",
      "charge.refunded",
      rng.text(12),
    ];
    const headerSafe = (v: string) => v.replace(/[^\x20-\x7e]/g, "");
    const before = await snapshot();
    const statuses = new Map<number, number>();
    for (let i = 0; i < 2000; i++) {
      let body: string;
      let header: string | null;
      const object = rng.json(3);
      const envelope = (type: string, data: unknown) =>
        JSON.stringify({
          ...stripeEvent(type, {}, now() - rng.int(100)),
          id: `evt_fuzz_${i}`,
          data: { object: data },
        });
      switch (rng.int(6)) {
        case 0: // anything at all
          body = rng.next() < 0.5 ? rng.text(200) : JSON.stringify(rng.json(4));
          header =
            rng.next() < 0.2
              ? null
              : headerSafe(rng.pick([rng.text(80), `t=${rng.int(2e9)},v1=${rng.text(64)}`]));
          break;
        case 1: // a plausible event signed with the wrong secret, or replayed with an old timestamp
          body = envelope(rng.pick(types), {
            ...subscriptionObject({
              id: "sub_f",
              customer: rng.pick(real),
              status: "active",
              lookupKey: ENT,
              periodEnd: inDays(30),
            }),
          });
          header =
            rng.next() < 0.5
              ? sign(body, { secret: `whsec_${rng.text(10).replace(/\W/g, "")}x` })
              : sign(body, { timestamp: now() - 301 - rng.int(1e6) });
          break;
        case 2: // signed, handled or not, with any object
          body = envelope(rng.pick(types), object);
          header = sign(body);
          break;
        case 3: // signed, naming a real customer, with an object the app cannot use
          body = envelope(rng.pick(types.filter((t) => !t.startsWith("invoice."))), {
            ...(typeof object === "object" && object && !Array.isArray(object) ? object : {}),
            customer: rng.pick(real),
          });
          header = sign(body);
          break;
        case 4: // a signed body altered after signing
          body = envelope(rng.pick(types), object);
          header = sign(body);
          body = body.slice(0, rng.int(body.length)) + rng.text(5) + body.slice(rng.int(body.length));
          break;
        default: // header shapes: several signatures, other schemes, padding
          body = envelope(rng.pick(types), object);
          header = headerSafe(
            rng.pick([
              `${sign(body)},v1=${rng.text(64)}`.replace(/v1=[0-9a-f]+,/, "v1=,"),
              sign(body).replace("v1=", "v0="),
              ` ${rng.text(30)} `,
              "t=,v1=",
              `t=${now()}`,
            ]),
          );
      }
      const { status } = await deliver(body, header);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    expect([...statuses.keys()].filter((s) => s >= 500)).toEqual([]);
    expect(statuses.get(400)).toBeGreaterThan(500);
    expect(statuses.get(200)).toBeGreaterThan(300);
    expect(await snapshot()).toBe(before);
  });
});

describe("not configured", () => {
  it("says billing is not configured, and refuses every webhook, without a 500", async () => {
    delete process.env.STRIPE_SECRET_KEY;
    delete process.env.STRIPE_WEBHOOK_SECRET;
    vi.resetModules();
    const checkout = await import("@/lib/features/billing/checkout");
    const route = await import("@/app/api/stripe/webhook/route");
    const company = await createTenant(db);
    expect(await rejection(checkout.createCheckout(company.as("admin"), "professional", "pt"))).toMatchObject(
      { code: "conflict", messageKey: "billing.errors.notConfigured" },
    );
    expect(await rejection(checkout.createPortal(company.as("admin")))).toMatchObject({
      messageKey: "billing.errors.notConfigured",
    });
    const body = JSON.stringify(stripeEvent("customer.subscription.updated", {}, now()));
    const response = await route.POST(
      new Request("http://localhost/api/stripe/webhook", {
        method: "POST",
        body,
        headers: { "stripe-signature": sign(body) },
      }),
    );
    expect(response.status).toBe(400);
  });
});
