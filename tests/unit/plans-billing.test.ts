import { describe, expect, it } from "vitest";
import { catalogue, lookupKey, tierOfLookupKey } from "@/lib/features/billing/prices";
import { readChange } from "@/lib/features/billing/webhook-events";
import { effectiveTier, TRIAL_DAYS, trialEndFrom, trialState } from "@/lib/platform/plans/effective";
import { planAllows, planRefusal } from "@/lib/platform/plans/gate";
import { GB, PLAN_FEATURES, planLimits, planPrice, PLANS } from "@/lib/platform/plans/limits";

const now = new Date("2026-03-10T12:00:00Z");
const hours = (h: number) => new Date(now.getTime() + h * 3_600_000);

describe("the plan table", () => {
  it("has the spec's limits, with Basic as Starter and Premium as Professional", () => {
    expect(planLimits("starter")).toMatchObject({ storageBytes: BigInt(GB), photosPerEvent: 50 });
    expect(planLimits("basic")).toEqual(planLimits("starter"));
    expect(planLimits("professional")).toMatchObject({
      storageBytes: 50n * BigInt(GB),
      photosPerEvent: null,
    });
    expect(planLimits("premium")).toEqual(planLimits("professional"));
    expect(planLimits("enterprise").storageBytes).toBe(500n * BigInt(GB));
  });

  it("gates features by plan", () => {
    for (const feature of PLAN_FEATURES) expect(planAllows("starter", feature)).toBe(false);
    expect(PLAN_FEATURES.filter((f) => planAllows("premium", f))).toEqual([
      "qrCodes",
      "galleryReview",
      "customBranding",
      "watermarks",
      "webhooks",
      "customDomains",
    ]);
    expect(PLAN_FEATURES.every((f) => planAllows("enterprise", f))).toBe(true);
    const refusal = planRefusal("starter", "api");
    expect(refusal).toMatchObject({ code: "forbidden", messageKey: "plans.errors.feature", status: 403 });
    expect(refusal.values).toEqual({
      feature: "api",
      plan: "starter",
      required: "enterprise",
      link: "/admin/subscription",
    });
  });

  it("prices per locale in minor units (R$ 49/149, $12/$37, €12/€37)", () => {
    expect(planPrice("professional", "pt")).toEqual({ amount: 4900, currency: "brl" });
    expect(planPrice("enterprise", "pt")).toEqual({ amount: 14900, currency: "brl" });
    expect(planPrice("professional", "en")).toEqual({ amount: 1200, currency: "usd" });
    expect(planPrice("enterprise", "en")).toEqual({ amount: 3700, currency: "usd" });
    expect(planPrice("professional", "es")).toEqual({ amount: 1200, currency: "eur" });
    expect(planPrice("enterprise", "fr")).toEqual({ amount: 3700, currency: "eur" });
    expect(PLANS.starter.prices).toBeNull();
    // es and fr share the euro price: six prices, each with its own lookup key.
    expect(catalogue().map((c) => c.lookupKey)).toHaveLength(6);
    expect(tierOfLookupKey(lookupKey("enterprise", "eur"))).toBe("enterprise");
    expect(tierOfLookupKey("someone_elses_price")).toBeNull();
  });
});

describe("trial (spec §4)", () => {
  it("counts days left rounded up, never below 0, with a last-day message at 1", () => {
    expect(trialState({ trialActive: true, trialEnd: trialEndFrom(now) }, now)).toEqual({
      isInTrial: true,
      trialDaysLeft: TRIAL_DAYS,
      lastDay: false,
    });
    expect(trialState({ trialActive: true, trialEnd: hours(24 * 4 + 1) }, now).trialDaysLeft).toBe(5);
    expect(trialState({ trialActive: true, trialEnd: hours(25) }, now)).toMatchObject({
      trialDaysLeft: 2,
      lastDay: false,
    });
    expect(trialState({ trialActive: true, trialEnd: hours(24) }, now)).toMatchObject({
      trialDaysLeft: 1,
      lastDay: true,
    });
    expect(trialState({ trialActive: true, trialEnd: hours(0.01) }, now)).toMatchObject({
      trialDaysLeft: 1,
      lastDay: true,
    });
    expect(trialState({ trialActive: true, trialEnd: now }, now)).toEqual({
      isInTrial: false,
      trialDaysLeft: 0,
      lastDay: false,
    });
    expect(trialState({ trialActive: true, trialEnd: hours(-48) }, now).trialDaysLeft).toBe(0);
    expect(trialState({ trialActive: false, trialEnd: hours(48) }, now).isInTrial).toBe(false);
    expect(trialState(null, now)).toEqual({ isInTrial: false, trialDaysLeft: 0, lastDay: false });
  });

  it("makes the effective plan Professional during a trial, never lowering a paid plan", () => {
    const trial = { trialActive: true, trialEnd: hours(10) };
    expect(effectiveTier("starter", trial, now)).toBe("professional");
    expect(effectiveTier("basic", trial, now)).toBe("professional");
    expect(effectiveTier("starter", { ...trial, trialEnd: hours(-1) }, now)).toBe("starter");
    expect(effectiveTier("enterprise", trial, now)).toBe("enterprise");
    expect(effectiveTier("premium", null, now)).toBe("professional");
    expect(effectiveTier("starter", null, now)).toBe("starter");
  });
});

describe("webhook event shapes", () => {
  const subscription = {
    id: "sub_1",
    customer: "cus_1",
    status: "active",
    metadata: { companyId: "c1" },
    items: {
      data: [
        {
          current_period_end: 1_800_000_000,
          price: { id: "price_1", lookup_key: lookupKey("professional", "brl") },
        },
      ],
    },
  };

  it("reads what each handled type needs", () => {
    expect(readChange("customer.subscription.updated", subscription)).toMatchObject({
      kind: "subscription",
      tier: "professional",
      companyId: "c1",
      periodEnd: new Date(1_800_000_000_000),
    });
    expect(
      readChange("invoice.paid", {
        customer: "cus_1",
        parent: { subscription_details: { subscription: "sub_1" } },
      }),
    ).toMatchObject({
      kind: "invoice",
      paid: true,
      subscriptionId: "sub_1",
      companyId: null,
    });
    // The subscription's metadata, under `parent` (API 2025-03 on) or at the top (before).
    for (const invoice of [
      {
        customer: "cus_1",
        parent: { subscription_details: { subscription: "sub_1", metadata: { companyId: "c1" } } },
      },
      { customer: "cus_1", subscription: "sub_1", subscription_details: { metadata: { companyId: "c1" } } },
    ]) {
      expect(readChange("invoice.payment_failed", invoice)).toMatchObject({ paid: false, companyId: "c1" });
    }
    expect(
      readChange("checkout.session.completed", {
        id: "cs_1",
        mode: "subscription",
        customer: "cus_1",
        metadata: { companyId: "c1" },
      }),
    ).toMatchObject({
      kind: "checkout",
      sessionId: "cs_1",
      companyId: "c1",
      customerId: "cus_1",
    });
    // Whoever opens a Payment Link sets client_reference_id: it names no company here.
    expect(
      readChange("checkout.session.completed", {
        id: "cs_2",
        mode: "subscription",
        customer: "cus_2",
        client_reference_id: "c1",
      }),
    ).toMatchObject({ kind: "checkout", companyId: null });
  });

  it("ignores unknown types and shapes it cannot use", () => {
    expect(readChange("charge.refunded", subscription)).toBeNull();
    expect(readChange("customer.subscription.updated", { ...subscription, items: { data: [] } })).toBeNull();
    expect(readChange("customer.subscription.updated", null)).toBeNull();
    expect(readChange("checkout.session.completed", { mode: "payment", customer: "cus_1" })).toBeNull();
  });
});
