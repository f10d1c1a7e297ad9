import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppError } from "@/lib/core/errors";
import { startAuthHarness, type AuthHarness } from "./support/auth-harness";
import { revalidatePath, revalidateTag } from "./support/next-mocks";
import { createTenant, type Tenant } from "./support/tenants";

// The slug change (#14): one transaction, serialised per slug; the old slug held 90 days for
// its company; onboarding never takes a held slug. Against the file's own database.

let h: AuthHarness;
let change: typeof import("@/lib/features/company/change-slug");
let availability: typeof import("@/lib/features/company/slug-availability");
let actions: typeof import("@/lib/features/company/actions");
let onboarding: typeof import("@/lib/features/onboarding/create-company");
let routingChannel: string;
// Imported after the harness resets the module registry, like the lib modules that throw it.
let AppErrorClass: typeof AppError;

beforeAll(async () => {
  h = await startAuthHarness();
  change = await import("@/lib/features/company/change-slug");
  availability = await import("@/lib/features/company/slug-availability");
  actions = await import("@/lib/features/company/actions");
  onboarding = await import("@/lib/features/onboarding/create-company");
  routingChannel = (await import("@/lib/platform/tenancy/routing-channel")).ROUTING_CHANNEL;
  AppErrorClass = (await import("@/lib/core/errors")).AppError;
});
afterAll(async () => {
  await h?.close();
});

const tenant = (slug: string) => createTenant(h.prisma, { slug });
const changeSlug = (t: Tenant, slug: string) => change.changeCompanySlug(t.as("admin"), { slug });
const slugOf = async (t: Tenant) =>
  (await h.prisma.company.findUniqueOrThrow({ where: { id: t.id }, select: { slug: true } })).slug;
const redirectOf = (slug: string) => h.prisma.slugRedirect.findUnique({ where: { slug } });

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppErrorClass);
  return (error as AppError).messageKey;
}

describe("changing the slug", () => {
  it("moves the company, holds the old slug for 90 days, audits it and tells every instance", async () => {
    const a = await tenant("alpha-old");
    const listener = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await listener.connect();
    await listener.query(`LISTEN ${routingChannel}`);
    const notified = new Promise<void>((resolve) => listener.once("notification", () => resolve()));
    try {
      const before = Date.now();
      expect(await changeSlug(a, "  Alpha-New ")).toEqual({ slug: "alpha-new", previousSlug: "alpha-old" });
      await notified;
      expect(await slugOf(a)).toBe("alpha-new");
      const hold = await redirectOf("alpha-old");
      expect(hold?.companyId).toBe(a.id);
      const days = (hold!.heldUntil.getTime() - before) / 86_400_000;
      expect(days).toBeGreaterThanOrEqual(90);
      expect(days).toBeLessThan(90.01);
      const audit = await h.prisma.sessionAudit.findFirst({
        where: { companyId: a.id, details: { path: ["operation"], equals: "company_slug_changed" } },
      });
      expect(audit?.details).toMatchObject({ from: "alpha-old", to: "alpha-new" });
    } finally {
      await listener.end();
    }
  });

  it("refuses invalid, reserved, current and taken slugs, changing nothing", async () => {
    const a = await tenant("bravo");
    await tenant("bravo-taken");
    const cases: [string, string][] = [
      ["ab", "settings.address.errors.invalid"],
      ["-bravo", "settings.address.errors.invalid"],
      ["bra--vo", "settings.address.errors.invalid"],
      ["bra_vo", "settings.address.errors.invalid"],
      ["a".repeat(49), "settings.address.errors.invalid"],
      ["termos", "settings.address.errors.reserved"],
      ["www", "settings.address.errors.reserved"],
      ["admin", "settings.address.errors.reserved"],
      ["bravo", "settings.address.errors.current"],
      ["bravo-taken", "settings.address.errors.taken"],
    ];
    for (const [slug, key] of cases) expect(await refusal(changeSlug(a, slug)), slug).toBe(key);
    expect(await slugOf(a)).toBe("bravo");
    expect(await h.prisma.slugRedirect.count({ where: { companyId: a.id } })).toBe(0);
  });

  it("refuses a slug another company released less than 90 days ago", async () => {
    const a = await tenant("charlie");
    const b = await tenant("charlie-b-old");
    await changeSlug(b, "charlie-b-new");
    expect(await refusal(changeSlug(a, "charlie-b-old"))).toBe("settings.address.errors.held");
    expect(await slugOf(a)).toBe("charlie");
    expect((await redirectOf("charlie-b-old"))?.companyId).toBe(b.id);
  });

  it("lets a company take its own old slug back, dropping that redirect", async () => {
    const a = await tenant("delta-one");
    await changeSlug(a, "delta-two");
    await changeSlug(a, "delta-one");
    expect(await slugOf(a)).toBe("delta-one");
    expect(await redirectOf("delta-one")).toBeNull();
    expect((await redirectOf("delta-two"))?.companyId).toBe(a.id);
  });

  it("allows five changes in 30 days, so no company hoards names by renaming in a loop", async () => {
    const a = await tenant("echo-0");
    for (let i = 1; i <= 5; i++) await changeSlug(a, `echo-${i}`);
    expect(await refusal(changeSlug(a, "echo-6"))).toBe("settings.address.errors.tooManyChanges");
    expect(await slugOf(a)).toBe("echo-5");
    // Changes older than the window no longer count.
    await h.prisma.slugRedirect.updateMany({
      where: { companyId: a.id },
      data: { releasedAt: new Date(Date.now() - 31 * 24 * 60 * 60 * 1000) },
    });
    await changeSlug(a, "echo-6");
    expect(await slugOf(a)).toBe("echo-6");
  });

  it("lets anyone take a slug whose hold has ended, removing the old redirect", async () => {
    const a = await tenant("echo");
    const b = await tenant("echo-b-old");
    await changeSlug(b, "echo-b-new");
    await h.prisma.slugRedirect.update({
      where: { slug: "echo-b-old" },
      data: { heldUntil: new Date(Date.now() - 1000) },
    });
    await changeSlug(a, "echo-b-old");
    expect(await slugOf(a)).toBe("echo-b-old");
    expect((await redirectOf("echo-b-old"))?.companyId).toBeUndefined();
    expect((await redirectOf("echo"))?.companyId).toBe(a.id);
  });

  it("lets exactly one of two companies racing for one slug have it", async () => {
    for (let round = 0; round < 3; round++) {
      const [a, b] = [await tenant(`race-a-${round}`), await tenant(`race-b-${round}`)];
      const target = `contested-${round}`;
      const results = await Promise.allSettled([changeSlug(a, target), changeSlug(b, target)]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      const lost = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
      expect((lost.reason as AppError).messageKey).toBe("settings.address.errors.taken");
      expect(await h.prisma.company.count({ where: { slug: target } })).toBe(1);
      // The loser kept its slug and released nothing.
      const loser = (await slugOf(a)) === target ? b : a;
      expect(await slugOf(loser)).toBe(`race-${loser === a ? "a" : "b"}-${round}`);
      expect(await h.prisma.slugRedirect.count({ where: { companyId: loser.id } })).toBe(0);
    }
  });

  it("through the action: the result, and both slugs' pages and the company's expired", async () => {
    const a = await createTenant(h.prisma, { slug: "foxtrot", users: h });
    await h.actAs(a.emails.admin);
    revalidatePath.mockClear();
    revalidateTag.mockClear();
    expect(await actions.changeCompanySlugAction({ slug: "foxtrot-new" })).toEqual({
      ok: true,
      data: { slug: "foxtrot-new", previousSlug: "foxtrot" },
    });
    const paths = revalidatePath.mock.calls.map(([p]) => String(p));
    for (const p of ["/pt/foxtrot", "/en/foxtrot-new", "/fr/~site/foxtrot", "/es/~site/foxtrot-new"])
      expect(paths).toContain(p);
    expect(revalidateTag.mock.calls.map(([t]) => String(t))).toContain(`company:${a.id}`);
    // A manager may not.
    await h.actAs(a.emails.manager);
    expect(await actions.changeCompanySlugAction({ slug: "foxtrot-manager" })).toMatchObject({
      ok: false,
      code: "forbidden",
    });
  });
});

describe("the live availability check", () => {
  it("answers each status without naming who has the slug", async () => {
    const a = await tenant("golf");
    await tenant("golf-taken");
    const b = await tenant("golf-b-old");
    await changeSlug(b, "golf-b-new");
    const check = (slug: string) => availability.checkSlugAvailability(a.as("admin"), slug);
    expect(await check("golf-free")).toBe("available");
    expect(await check("Golf")).toBe("current");
    expect(await check("golf-taken")).toBe("taken");
    expect(await check("golf-b-old")).toBe("held");
    expect(await check("api")).toBe("reserved");
    expect(await check("g!")).toBe("invalid");
    // B may take its own old slug back.
    expect(await availability.checkSlugAvailability(b.as("admin"), "golf-b-old")).toBe("available");
  });

  it("is rate-limited per admin", async () => {
    const a = await tenant("hotel");
    const check = () => availability.checkSlugAvailability(a.as("admin"), "hotel-x");
    for (let i = 0; i < availability.SLUG_CHECKS_PER_MINUTE; i++) await check();
    const error = await check().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppErrorClass);
    expect((error as AppError).code).toBe("rate_limited");
    expect((error as AppError).retryAfter).toBeGreaterThan(0);
  });
});

describe("onboarding", () => {
  it("never takes a held slug, and takes one whose hold ended", async () => {
    const b = await tenant("india");
    await changeSlug(b, "india-new");
    const first = await h.createUser({ email: "founder1@india.test" });
    const held = await onboarding.createCompanyForUser({ id: first, name: "F" }, { companyName: "India" });
    expect(held.slug).toBe("india-2");
    expect((await redirectOf("india"))?.companyId).toBe(b.id);

    await h.prisma.slugRedirect.update({
      where: { slug: "india" },
      data: { heldUntil: new Date(Date.now() - 1) },
    });
    const second = await h.createUser({ email: "founder2@india.test" });
    const ended = await onboarding.createCompanyForUser({ id: second, name: "G" }, { companyName: "India" });
    expect(ended.slug).toBe("india");
    expect(await redirectOf("india")).toBeNull();
  });
});
