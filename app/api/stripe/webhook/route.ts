import { handleStripeWebhook } from "@/lib/features/billing/webhook";
import { respond } from "@/lib/core/http/route";

export const dynamic = "force-dynamic";

// POST /api/stripe/webhook — Stripe's signed events; the raw body is what the signature covers.
export async function POST(request: Request): Promise<Response> {
  return respond(request, async () => {
    const outcome = await handleStripeWebhook(await request.text(), request.headers.get("stripe-signature"));
    if (outcome === "invalid_signature") {
      return Response.json({ error: "invalid_signature" }, { status: 400 });
    }
    return Response.json({ received: true, outcome });
  });
}
