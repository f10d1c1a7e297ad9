import { afterAll, describe, expect, it, vi } from "vitest";
import { revalidateTag } from "./support/next-mocks";
import { sign, startFakeStripe, stripeEvent, subscriptionObject, WEBHOOK_SECRET } from "./support/billing";

/**
 * The brand on the public pages (issue #14): the loaders hand the pages the company's
 * template, colours, light/dark behaviour and white-label flag as its effective plan allows;
 * the share images draw them; a plan change expires the company's cached pages.
 */
// The share image's data cache needs Next's incremental cache, absent outside a server:
// read through (the revalidation spies of support/next-mocks stay).
vi.mock("next/cache", async (importOriginal) => {
  const mocks = await import("./support/next-mocks");
  return {
    ...(await importOriginal<typeof import("next/cache")>()),
    unstable_cache: <T>(load: T) => load,
    revalidateTag: mocks.revalidateTag,
    revalidatePath: mocks.revalidatePath,
  };
});

const stripe = await startFakeStripe();
Object.assign(process.env, {
  STRIPE_SECRET_KEY: "sk_test_afterglow",
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_BASE: stripe.url,
});
const { db } = await import("@/lib/core/db");
const { loadCompany } = await import("@/lib/surfaces/public-site/load-company");
const { loadLanding } = await import("@/lib/surfaces/public-site/load-landing");
const { loadEventPage } = await import("@/lib/surfaces/public-site/load-event-page");
const { loadPlayerPage } = await import("@/lib/surfaces/public-site/load-player-page");
const { loadOgSubject } = await import("@/lib/surfaces/public-site/load-og-subject");
const { renderOgImage } = await import("@/lib/surfaces/public-site/og-image");
const { lookupKey } = await import("@/lib/features/billing/prices");
const { POST } = await import("@/app/api/stripe/webhook/route");
const { createTenant, createEventRow, createContentRow } = await import("./support/tenants");

afterAll(() => stripe.close());

const picks = {
  brandColor: "#FFD400",
  accentColor: "#0a7cff",
  colorScheme: "dark",
  template: "stage",
} as const;

async function brandedTenant(plan: "starter" | "professional" | "enterprise", data: object = picks) {
  const tenant = await createTenant(db, { plan });
  await db.company.update({ where: { id: tenant.id }, data });
  const event = await createEventRow(db, tenant.id);
  const content = await createContentRow(db, tenant.id, { status: "published", eventIds: [event.id] });
  return { ...tenant, event, content };
}

describe("the brand the public loaders hand the pages", () => {
  it("shows a Professional company's picks, validated", async () => {
    const t = await brandedTenant("professional");
    const company = await loadCompany(t.id);
    expect(company).toMatchObject({
      brandColor: "#ffd400",
      accentColor: "#0a7cff",
      colorScheme: "dark",
      template: "stage",
      whiteLabel: false,
    });
    // The same company on every page's data.
    const landing = await loadLanding(t.id);
    const event = await loadEventPage(t.event.slug, t.id);
    const player = await loadPlayerPage(t.content.id, t.id);
    for (const data of [landing, event, player]) expect(data?.company.template).toBe("stage");
    // Nothing internal rides along.
    expect(company).not.toHaveProperty("plan");
    expect(company).not.toHaveProperty("subscription");
  });

  it("gives a Starter company the defaults even with stored picks (they are kept for an upgrade)", async () => {
    const t = await brandedTenant("starter");
    expect(await loadCompany(t.id)).toMatchObject({
      brandColor: null,
      accentColor: null,
      colorScheme: "system",
      template: "classic",
      whiteLabel: false,
    });
    const stored = await db.company.findUniqueOrThrow({ where: { id: t.id } });
    expect(stored).toMatchObject({ brandColor: "#FFD400", template: "stage", colorScheme: "dark" });
  });

  it("gives a Starter company in its trial the picks (the trial is Professional)", async () => {
    const t = await brandedTenant("starter");
    await db.subscription.create({
      data: { companyId: t.id, email: "", trialActive: true, trialEnd: new Date(Date.now() + 86_400_000) },
    });
    expect((await loadCompany(t.id))?.template).toBe("stage");
    await db.subscription.update({
      where: { companyId: t.id },
      data: { trialEnd: new Date(Date.now() - 1000) },
    });
    expect((await loadCompany(t.id))?.template).toBe("classic");
  });

  it("gives an Enterprise company white label (no Powered by)", async () => {
    const t = await brandedTenant("enterprise", { template: "editorial" });
    expect(await loadCompany(t.id)).toMatchObject({
      template: "editorial",
      whiteLabel: true,
      colorScheme: "system",
    });
  });

  it("reads hostile or unknown stored values as the defaults", async () => {
    const t = await brandedTenant("professional", {
      brandColor: "red;}body{display:none",
      accentColor: "#12345",
      template: "<script>",
    });
    expect(await loadCompany(t.id)).toMatchObject({
      brandColor: null,
      accentColor: null,
      template: "classic",
    });
  });
});

describe("share images in the brand", () => {
  it("carry the brand in the subject and answer a JPEG for every template", async () => {
    for (const template of ["classic", "editorial", "stage"] as const) {
      const t = await brandedTenant("professional", { ...picks, template });
      for (const [kind, id] of [
        ["company", t.id],
        ["event", t.event.id],
        ["content", t.content.id],
      ] as const) {
        const subject = await loadOgSubject(kind, id);
        expect(subject?.brand).toEqual({
          brandColor: "#ffd400",
          accentColor: "#0a7cff",
          template,
          whiteLabel: false,
        });
        const response = await renderOgImage(kind, id, "en");
        expect(response.status).toBe(200);
        expect(response.headers.get("content-type")).toBe("image/jpeg");
        const bytes = Buffer.from(await response.arrayBuffer());
        expect(bytes.subarray(0, 3).toString("hex")).toBe("ffd8ff");
      }
    }
  });

  it("use the defaults for a Starter company", async () => {
    const t = await brandedTenant("starter");
    expect((await loadOgSubject("company", t.id))?.brand).toEqual({
      brandColor: null,
      accentColor: null,
      template: "classic",
      whiteLabel: false,
    });
  });
});

describe("a plan change refreshes the company's public pages", () => {
  it("expires the company's tag when a webhook changes its plan", async () => {
    const t = await createTenant(db);
    await db.subscription.create({ data: { companyId: t.id, email: "", stripeCustomerId: "cus_brand" } });
    const created = Math.floor(Date.now() / 1000);
    const event = stripeEvent(
      "customer.subscription.updated",
      subscriptionObject({
        id: "sub_brand",
        customer: "cus_brand",
        status: "active",
        lookupKey: lookupKey("enterprise", "usd"),
        periodEnd: created + 30 * 86_400,
        companyId: t.id,
      }),
      created,
    );
    const body = JSON.stringify(event);
    const response = await POST(
      new Request("http://localhost:3000/api/stripe/webhook", {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": sign(body) },
        body,
      }),
    );
    expect(await response.json()).toMatchObject({ outcome: "applied" });
    expect(revalidateTag).toHaveBeenCalledWith(`company:${t.id}`, { expire: 0 });
    expect((await loadCompany(t.id))?.whiteLabel).toBe(true);

    // A replay changes nothing and expires nothing.
    revalidateTag.mockClear();
    await POST(
      new Request("http://localhost:3000/api/stripe/webhook", {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": sign(body) },
        body,
      }),
    );
    expect(revalidateTag).not.toHaveBeenCalled();
  });
});
