import { handleStripeWebhook, STRIPE_EVENT_MAX_BYTES } from "@/lib/features/billing/webhook";
import { readBodyText } from "@/lib/core/http/request";
import { respond } from "@/lib/core/http/route";

export const dynamic = "force-dynamic";

// POST /api/stripe/webhook — Stripe's signed events; the raw body is what the signature covers.
export async function POST(request: Request): Promise<Response> {
  return respond(request, async () => {
    // Capped before anything else: the signature can only be checked on a body held in memory.
    const body = await readBodyText(request, STRIPE_EVENT_MAX_BYTES);
    const outcome = await handleStripeWebhook(body, request.headers.get("stripe-signature"));
    if (outcome === "invalid_signature") {
      return Response.json({ error: "invalid_signature" }, { status: 400 });
    }
    // Nothing recorded: Stripe delivers it again later (any non-2xx answer is retried with backoff).
    if (outcome === "pending") return Response.json({ error: "subscription_pending" }, { status: 409 });
    return Response.json({ received: true, outcome });
  });
}
