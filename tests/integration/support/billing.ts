/**
 * Billing test support (not a test file): a local HTTP server that speaks the few calls of
 * Stripe's API the app makes (customers, prices, products, Checkout and Billing Portal
 * sessions), signed webhook deliveries made with the SDK's own test-header helper, and a
 * small seeded generator for the webhook fuzz (fast-check is not a dependency).
 *
 * Nothing here imports a module that reads `lib/core/env`: the test sets STRIPE_* first.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

export const WEBHOOK_SECRET = "whsec_test_afterglow_billing_secret";

export interface FakeStripeRequest {
  method: string;
  path: string;
  params: URLSearchParams;
  idempotencyKey: string | undefined;
}

type Obj = Record<string, unknown>;

export interface FakeStripe {
  url: string;
  requests: FakeStripeRequest[];
  customers: Obj[];
  prices: Obj[];
  products: Obj[];
  close(): Promise<void>;
}

async function body(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Form-encoded `a[b][0]=c` arrays, as the SDK sends them: every value of keys starting with `prefix`. */
const valuesOf = (params: URLSearchParams, prefix: string) =>
  [...params].filter(([k]) => k.startsWith(prefix)).map(([, v]) => v);

export async function startFakeStripe(): Promise<FakeStripe> {
  const state = {
    requests: [] as FakeStripeRequest[],
    customers: [] as Obj[],
    prices: [] as Obj[],
    products: [] as Obj[],
  };
  const replies = new Map<string, Obj>();
  let next = 1;
  const newId = (prefix: string) => `${prefix}_${String(next++).padStart(6, "0")}`;
  const list = (data: Obj[]) => ({ object: "list", data, has_more: false, url: "" });

  function route(req: FakeStripeRequest): [number, Obj] {
    const { method, path, params } = req;
    if (method === "POST" && path === "/v1/customers") {
      const customer = { id: newId("cus"), object: "customer", email: params.get("email"), metadata: {} };
      state.customers.push(customer);
      return [200, customer];
    }
    if (method === "GET" && path === "/v1/prices") {
      const keys = valuesOf(params, "lookup_keys");
      return [200, list(state.prices.filter((p) => keys.includes(String(p.lookup_key)) && p.active))];
    }
    if (method === "POST" && path === "/v1/prices") {
      const price = {
        id: newId("price"),
        object: "price",
        active: true,
        product: params.get("product"),
        currency: params.get("currency"),
        unit_amount: Number(params.get("unit_amount")),
        lookup_key: params.get("lookup_key"),
        recurring: { interval: params.get("recurring[interval]") },
        metadata: { plan: params.get("metadata[plan]") },
      };
      state.prices.push(price);
      return [200, price];
    }
    const product = /^\/v1\/products\/([^/]+)$/.exec(path);
    if (method === "GET" && product) {
      const found = state.products.find((p) => p.id === decodeURIComponent(product[1]!));
      return found
        ? [200, found]
        : [
            404,
            {
              error: { type: "invalid_request_error", code: "resource_missing", message: "No such product" },
            },
          ];
    }
    if (method === "POST" && path === "/v1/products") {
      const created = { id: params.get("id") ?? newId("prod"), object: "product", name: params.get("name") };
      state.products.push(created);
      return [200, created];
    }
    if (method === "POST" && path === "/v1/checkout/sessions") {
      const id = newId("cs_test");
      return [200, { id, object: "checkout.session", url: `https://checkout.stripe.test/c/pay/${id}` }];
    }
    if (method === "POST" && path === "/v1/billing_portal/sessions") {
      const id = newId("bps");
      return [
        200,
        { id, object: "billing_portal.session", url: `https://billing.stripe.test/p/session/${id}` },
      ];
    }
    return [404, { error: { type: "invalid_request_error", message: `no route ${method} ${path}` } }];
  }

  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? "/", "http://stripe.test");
      const raw = await body(request);
      const params = new URLSearchParams(request.method === "GET" ? url.search : raw);
      const idempotencyKey = request.headers["idempotency-key"] as string | undefined;
      const req = { method: request.method ?? "GET", path: url.pathname, params, idempotencyKey };
      state.requests.push(req);
      // Stripe answers a repeated idempotency key with the first answer.
      const key = idempotencyKey && req.method === "POST" ? `${req.path} ${idempotencyKey}` : undefined;
      const [status, reply] = key && replies.has(key) ? [200, replies.get(key)!] : route(req);
      if (key && status === 200) replies.set(key, reply);
      response.writeHead(status, { "content-type": "application/json", "request-id": "req_test" });
      response.end(JSON.stringify(reply));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    ...state,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A Stripe event envelope around `object`. */
export function stripeEvent(
  type: string,
  object: Obj,
  created: number,
  id = `evt_${Math.random().toString(36).slice(2)}`,
) {
  return {
    id,
    object: "event",
    api_version: "2025-10-29.clover",
    created,
    type,
    livemode: false,
    data: { object },
  };
}

/** A subscription object as Stripe sends it (only the fields the app reads, and a few more). */
export function subscriptionObject(options: {
  id: string;
  customer: string;
  status: string;
  lookupKey: string;
  periodEnd: number;
  companyId?: string;
  endedAt?: number;
}): Obj {
  return {
    id: options.id,
    object: "subscription",
    customer: options.customer,
    status: options.status,
    metadata: options.companyId ? { companyId: options.companyId } : {},
    ended_at: options.endedAt ?? null,
    items: {
      object: "list",
      data: [
        {
          id: `si_${options.id}`,
          current_period_end: options.periodEnd,
          price: { id: `price_${options.lookupKey}`, lookup_key: options.lookupKey, metadata: {} },
        },
      ],
    },
  };
}

/** The `Stripe-Signature` header Stripe would send for `payload`, by the SDK's own helper. */
export function sign(payload: string, options: { secret?: string; timestamp?: number } = {}): string {
  return Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    timestamp: options.timestamp ?? Math.floor(Date.now() / 1000),
  });
}

/** mulberry32: a tiny seeded generator, so a failing fuzz case can be replayed. */
export function seeded(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  const chars = 'abcdefghijklmnopqrstuvwxyz0123456789_-={}[]":,.\\ \u00e9\u0000\u{1F600}t=v1';
  const text = (max: number) => Array.from({ length: int(max) }, () => pick([...chars])).join("");
  /** Any JSON value, nested a few levels. */
  const json = (depth = 3): unknown => {
    switch (int(depth > 0 ? 7 : 4)) {
      case 0:
        return null;
      case 1:
        return pick([0, -1, 1.5, 1e308, Number.MAX_SAFE_INTEGER, 1_700_000_000]);
      case 2:
        return text(20);
      case 3:
        return next() < 0.5;
      case 4:
        return Array.from({ length: int(4) }, () => json(depth - 1));
      default: {
        const keys = [
          "id",
          "customer",
          "status",
          "metadata",
          "items",
          "data",
          "price",
          "lookup_key",
          "mode",
          "subscription",
          "parent",
          "lines",
          "created",
          text(6),
        ];
        return Object.fromEntries(Array.from({ length: int(6) }, () => [pick(keys), json(depth - 1)]));
      }
    }
  };
  return { next, int, pick, text, json };
}
