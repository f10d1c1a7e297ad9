import { z } from "zod";
import { tierOfLookupKey } from "@/lib/features/billing/prices";
import type { PaidTier } from "@/lib/platform/plans/limits";

/**
 * What the webhook needs from each handled event, read with zod from the verified event's
 * `data.object` (a signed body is still only trusted to be Stripe's, not to have every field
 * this code expects). Anything else is `null`: answered 200 and ignored.
 */
const id = z.string().min(1).max(255);
const metadata = z.record(z.string(), z.string()).nullish();
const ref = z.union([id, z.object({ id })]).transform((v) => (typeof v === "string" ? v : v.id));
const seconds = z.number().int().nonnegative();

// `client_reference_id` is not read: whoever opens a Payment Link may set it, so it proves nothing.
const checkoutSession = z.object({
  id,
  mode: z.string(),
  customer: ref.nullish(),
  subscription: ref.nullish(),
  metadata,
});

const subscription = z.object({
  id,
  customer: ref,
  status: z.string().max(40),
  metadata,
  ended_at: seconds.nullish(),
  items: z.object({
    data: z
      .array(
        z.object({
          current_period_end: seconds.nullish(),
          price: z.object({ id, lookup_key: z.string().nullish(), metadata }),
        }),
      )
      .min(1),
  }),
});

const invoice = z.object({
  customer: ref.nullish(),
  // API versions since 2025-03 name the subscription under `parent`; older ones at the top.
  subscription: ref.nullish(),
  parent: z.object({ subscription_details: z.object({ subscription: ref, metadata }).nullish() }).nullish(),
  // The subscription's metadata as the invoice was finalised (older API versions; newer ones
  // under `parent`): the company id our checkout gave the subscription.
  subscription_details: z.object({ metadata }).nullish(),
  lines: z.object({ data: z.array(z.object({ period: z.object({ end: seconds }).nullish() })) }).nullish(),
});

export type BillingChange =
  | {
      kind: "checkout";
      /** Binds only if this app created the session (`StripeCheckoutSession`) for this company. */
      sessionId: string;
      /** The company id this app put in the session's metadata. */
      companyId: string | null;
      customerId: string;
      subscriptionId: string | null;
    }
  | {
      kind: "subscription";
      deleted: boolean;
      companyId: string | null;
      customerId: string;
      subscriptionId: string;
      status: string;
      tier: PaidTier | null;
      priceId: string;
      periodEnd: Date | null;
      endedAt: Date | null;
    }
  | {
      kind: "invoice";
      paid: boolean;
      /** The company id in its subscription's metadata: ours when our checkout made it. */
      companyId: string | null;
      customerId: string;
      subscriptionId: string;
      periodEnd: Date | null;
    };

const date = (s: number | null | undefined) => (s == null ? null : new Date(s * 1000));
const paidTier = (v: string | undefined): PaidTier | null =>
  v === "professional" || v === "enterprise" ? v : null;

/** The change an event asks for, or null (unhandled type or a shape this code cannot use). */
export function readChange(type: string, object: unknown): BillingChange | null {
  switch (type) {
    case "checkout.session.completed": {
      const s = checkoutSession.safeParse(object);
      if (!s.success || s.data.mode !== "subscription" || !s.data.customer) return null;
      return {
        kind: "checkout",
        sessionId: s.data.id,
        companyId: s.data.metadata?.companyId ?? null,
        customerId: s.data.customer,
        subscriptionId: s.data.subscription ?? null,
      };
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted": {
      const s = subscription.safeParse(object);
      if (!s.success) return null;
      const item = s.data.items.data[0]!; // .min(1) above
      return {
        kind: "subscription",
        deleted: type === "customer.subscription.deleted",
        companyId: s.data.metadata?.companyId ?? null,
        customerId: s.data.customer,
        subscriptionId: s.data.id,
        status: s.data.status,
        // The price this app created says what it sells; the metadata is the fallback.
        tier:
          tierOfLookupKey(item.price.lookup_key) ??
          paidTier(item.price.metadata?.plan) ??
          paidTier(s.data.metadata?.plan),
        priceId: item.price.id,
        periodEnd: date(item.current_period_end),
        endedAt: date(s.data.ended_at),
      };
    }
    case "invoice.paid":
    case "invoice.payment_failed": {
      const s = invoice.safeParse(object);
      const subscriptionId = s.data?.parent?.subscription_details?.subscription ?? s.data?.subscription;
      if (!s.success || !s.data.customer || !subscriptionId) return null;
      const ends = (s.data.lines?.data ?? []).map((l) => l.period?.end ?? 0);
      return {
        kind: "invoice",
        paid: type === "invoice.paid",
        companyId:
          (s.data.parent?.subscription_details?.metadata ?? s.data.subscription_details?.metadata)
            ?.companyId ?? null,
        customerId: s.data.customer,
        subscriptionId,
        periodEnd: ends.length ? date(Math.max(...ends)) : null,
      };
    }
    default:
      return null;
  }
}
