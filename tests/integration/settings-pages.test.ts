import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { formData } from "./support/form-data";
import { startAuthHarness, type AuthHarness } from "./support/auth-harness";
import { revalidateTag, setRequestHeaders } from "./support/next-mocks";
import { createTenant } from "./support/tenants";

// Settings pages no other test drives (issue #19): the sessions list and "sign out other
// sessions", the landing page form, and the production refusal of a missing auth secret.

let h: AuthHarness;
let authActions: typeof import("@/lib/features/account/auth-actions");
let companyActions: typeof import("@/lib/features/company/actions");
let guard: typeof import("@/lib/platform/tenancy/guard");
let sessions: typeof import("@/lib/platform/auth/session-lifecycle");
let companyId: string;

beforeAll(async () => {
  h = await startAuthHarness();
  authActions = await import("@/lib/features/account/auth-actions");
  companyActions = await import("@/lib/features/company/actions");
  guard = await import("@/lib/platform/tenancy/guard");
  sessions = await import("@/lib/platform/auth/session-lifecycle");
  companyId = (await createTenant(h.prisma, { slug: "settings-co" })).id;
  await h.createUser({ email: "admin@settings.test", role: "admin", companyId });
  await h.createUser({ email: "manager@settings.test", role: "manager", companyId });
});
afterAll(async () => {
  await h?.close();
});

describe("sessions", () => {
  it("lists the account's sessions with the current one marked, and signs out the others only", async () => {
    const laptop = await h.actAs("admin@settings.test");
    const phone = await h.actAs("admin@settings.test");
    const user = await h.prisma.user.findUniqueOrThrow({ where: { email: "admin@settings.test" } });
    const laptopToken = (
      await h.prisma.session.findMany({ where: { userId: user.id }, orderBy: { createdAt: "asc" } })
    )[0]!.token;

    const listed = await sessions.listUserSessions(user.id, laptopToken);
    expect(listed).toHaveLength(2);
    expect(listed.filter((s) => s.current)).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain(laptopToken);

    setRequestHeaders(laptop.headers());
    expect(await authActions.signOutOtherSessionsAction()).toEqual({ ok: true, data: { count: 1 } });
    const left = await h.prisma.session.findMany({ where: { userId: user.id } });
    expect(left.map((s) => s.token)).toEqual([laptopToken]);
    expect(
      await h.prisma.sessionAudit.count({
        where: {
          userId: user.id,
          action: "session_ended",
          details: { path: ["cleanupReason"], equals: "revoked" },
        },
      }),
    ).toBe(1);

    // The phone's cookie no longer opens the admin area; the laptop's still does.
    setRequestHeaders(phone.headers());
    await expect(guard.requireMembership()).rejects.toMatchObject({ code: "unauthorized" });
    setRequestHeaders(laptop.headers());
    expect((await guard.requireMembership()).company.id).toBe(companyId);
  });
});

describe("settings → landing page", () => {
  const landing = {
    landingPageName: "Noites sem telemóveis",
    landingPageDescription: "Fotografias e vídeos dos nossos concertos.",
    landingPageDisplayMode: "galleries",
    promotionUrl: "https://tickets.example/summer",
  };

  it("saves an admin's landing page and refreshes the company's public pages", async () => {
    await h.actAs("admin@settings.test");
    expect(await companyActions.updateLandingPageAction(null, formData(landing))).toMatchObject({ ok: true });
    expect(await h.prisma.company.findUniqueOrThrow({ where: { id: companyId } })).toMatchObject(landing);
    expect(revalidateTag.mock.calls.flat().join(" ")).toContain(companyId);
  });

  it("refuses a manager and an invalid URL, changing nothing", async () => {
    const before = await h.prisma.company.findUniqueOrThrow({ where: { id: companyId } });
    await h.actAs("manager@settings.test");
    expect(
      await companyActions.updateLandingPageAction(
        null,
        formData({ ...landing, landingPageName: "Manager's" }),
      ),
    ).toMatchObject({ ok: false, code: "forbidden" });

    await h.actAs("admin@settings.test");
    expect(
      await companyActions.updateLandingPageAction(null, formData({ ...landing, promotionUrl: "not a url" })),
    ).toMatchObject({ ok: false, fieldErrors: { promotionUrl: expect.any(String) } });
    expect(await h.prisma.company.findUniqueOrThrow({ where: { id: companyId } })).toEqual(before);
    expect(revalidateTag).not.toHaveBeenCalled();
  });
});

describe("production start", () => {
  it("refuses to build auth without BETTER_AUTH_SECRET in production", async () => {
    const saved = { NODE_ENV: process.env.NODE_ENV, secret: process.env.BETTER_AUTH_SECRET };
    const global = globalThis as { afterglowAuth?: unknown };
    const cached = global.afterglowAuth;
    try {
      vi.stubEnv("NODE_ENV", "production");
      delete process.env.BETTER_AUTH_SECRET;
      delete global.afterglowAuth;
      vi.resetModules();
      const { getAuth } = await import("@/lib/platform/auth/auth");
      expect(() => getAuth()).toThrow(/BETTER_AUTH_SECRET must be set in production/);
    } finally {
      vi.unstubAllEnvs();
      if (saved.secret !== undefined) process.env.BETTER_AUTH_SECRET = saved.secret;
      global.afterglowAuth = cached;
      vi.resetModules();
    }
  });
});
