import { randomUUID } from "node:crypto";
import Stripe from "stripe";
import { adminOfNewCompany, createPublishedGallery, sql } from "./auth-support";
import { expect, test } from "./fixtures";

/**
 * Issue #13's journeys: a new company starts the trial (banner with 5 days, uploads beyond
 * Starter's limits), a signed webhook ends it (Starter limits again, the event page still
 * online), then a signed checkout + subscription update makes it Professional. Webhooks are
 * signed with the SDK's test-header helper and the secret scripts/e2e.ts gives the app.
 */
const secret = process.env.E2E_STRIPE_WEBHOOK_SECRET ?? "whsec_e2e_afterglow_billing";
const PRO_PRICE = "afterglow_professional_usd_monthly";

test("trial, its end by a signed webhook, then a paid Professional plan", async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const { companyId } = await adminOfNewCompany(context, "Billing Night Co");

  // An event with a gallery already holding Starter's 50 photos.
  const { contentId, publicPath } = await createPublishedGallery(companyId, "Billing Night");
  for (let i = 0; i < 50; i++) {
    await sql(
      `insert into media_file (id, "companyId", "contentId", kind, "storageKey", "originalName", "mimeType", "sizeBytes", state, position, "updatedAt")
       values ($1, $2, $3, 'photo', $4, $5, 'image/jpeg', 1000, 'ready', $6, now())`,
      [
        randomUUID(),
        companyId,
        contentId,
        `companies/${companyId}/media/e2e-${i}/original.jpg`,
        `p${i}.jpg`,
        i,
      ],
    );
  }
  const upload = () =>
    context.request.post("/api/uploads", {
      data: {
        fileName: "extra.jpg",
        contentType: "image/jpeg",
        size: 50_000,
        target: { type: "content", contentId },
      },
      headers: { origin: baseURL! },
    });
  const refused = await upload();
  expect(refused.status()).toBe(403);
  expect(await refused.text()).toContain("/admin/subscription");

  // 1. The trial: started from the subscription page, 5 days in the banner.
  await page.goto("/admin/subscription");
  await expect(page.getByTestId("current-plan")).toHaveText("Starter");
  // Issue #36: what every plan includes is named on every plan's card.
  for (const tier of ["starter", "professional", "enterprise"]) {
    await expect(page.getByTestId(`plan-${tier}`)).toContainText(
      "Password and unlisted galleries and events, expiry dates",
    );
    await expect(page.getByTestId(`plan-${tier}`)).toContainText(
      "Download rules: originals, web size or view only",
    );
  }
  await expect(page.getByTestId("billing-not-configured")).toBeVisible();
  await page.getByRole("button", { name: "Start the 5-day free trial" }).click();
  await expect(page.getByText("Trial started! 5 days of free Premium access.")).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("trial-banner")).toContainText("5 days left in your free Premium trial");
  await expect(page.getByTestId("current-plan")).toHaveText("Professional");
  expect((await upload()).status()).toBe(201);

  // 2. The admin opens a checkout. Billing is not configured here, so these are the rows
  // createCheckout writes: the company's Stripe customer and the session on record (only a
  // session on record binds a customer to a company). A signed webhook then ends the trial
  // without payment: Starter's limits, the event page still online.
  await sql(
    `insert into subscription (id, "companyId", email, "stripeCustomerId", "updatedAt")
     values ($1, $2, '', 'cus_e2e_billing', now())
     on conflict ("companyId") do update set "stripeCustomerId" = excluded."stripeCustomerId"`,
    [randomUUID(), companyId],
  );
  await sql(
    `insert into stripe_checkout_session (id, "companyId", "stripeCustomerId") values ('cs_e2e_billing', $1, 'cus_e2e_billing')`,
    [companyId],
  );
  const now = Math.floor(Date.now() / 1000);
  const subscription = (id: string, status: string) => ({
    id,
    object: "subscription",
    customer: "cus_e2e_billing",
    status,
    metadata: { companyId },
    ended_at: status === "canceled" ? now : null,
    items: {
      data: [{ current_period_end: now + 30 * 86_400, price: { id: "price_e2e", lookup_key: PRO_PRICE } }],
    },
  });
  const deliver = async (type: string, object: unknown, created: number) => {
    const body = JSON.stringify({
      id: `evt_${randomUUID()}`,
      object: "event",
      type,
      created,
      data: { object },
    });
    const response = await context.request.post("/api/stripe/webhook", {
      data: body,
      headers: {
        "content-type": "application/json",
        "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload: body, secret }),
      },
    });
    expect(response.status(), await response.text()).toBe(200);
  };
  await deliver("customer.subscription.deleted", subscription("sub_e2e_trial", "canceled"), now);
  await page.goto("/admin");
  await expect(page.getByTestId("dashboard-plan")).toContainText("Plan: Starter");
  await expect(page.getByTestId("trial-banner")).toHaveCount(0);
  const afterTrial = await upload();
  expect(afterTrial.status()).toBe(403);
  const publicPage = await page.request.get(publicPath);
  expect(publicPage.status()).toBe(200);
  expect(
    (
      await sql<{ n: number }>(`select count(*)::int as n from media_file where "contentId" = $1`, [
        contentId,
      ])
    )[0]!.n,
  ).toBe(51);

  // 3. Checkout completed + subscription updated, both signed: Professional.
  await deliver(
    "checkout.session.completed",
    {
      id: "cs_e2e_billing",
      object: "checkout.session",
      mode: "subscription",
      customer: "cus_e2e_billing",
      subscription: "sub_e2e_paid",
      client_reference_id: companyId,
      metadata: { companyId, plan: "professional" },
    },
    now + 1,
  );
  await deliver("customer.subscription.updated", subscription("sub_e2e_paid", "active"), now + 2);
  await page.goto("/admin/subscription");
  await expect(page.getByTestId("current-plan")).toHaveText("Professional");
  await expect(page.getByTestId("subscription-status")).toHaveText("Active");
  expect((await upload()).status()).toBe(201);
});
