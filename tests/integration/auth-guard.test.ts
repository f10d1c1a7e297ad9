import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formData } from "./support/form-data";
import { startAuthHarness, type AuthHarness } from "./support/auth-harness";
import { createTenant } from "./support/tenants";

// The tenancy guard and the admin-side actions, called as Next calls them: the request's
// headers (with the session cookie of a real sign-in) come from `next/headers`.

let h: AuthHarness;
let guard: typeof import("@/lib/platform/tenancy/guard");
let companyActions: typeof import("@/lib/features/company/actions");
let onboarding: typeof import("@/lib/features/onboarding/actions");
let team: typeof import("@/lib/features/team/actions");
let companyId: string;
let otherCompanyId: string;

beforeAll(async () => {
  h = await startAuthHarness();
  guard = await import("@/lib/platform/tenancy/guard");
  companyActions = await import("@/lib/features/company/actions");
  onboarding = await import("@/lib/features/onboarding/actions");
  team = await import("@/lib/features/team/actions");
  companyId = (await createTenant(h.prisma, { slug: "guarded" })).id;
  otherCompanyId = (await createTenant(h.prisma, { slug: "elsewhere" })).id;
  await h.createUser({ email: "admin@guard.test", name: "Alice Admin", role: "admin", companyId });
  await h.createUser({ email: "manager@guard.test", role: "manager", companyId });
  await h.createUser({ email: "fan@guard.test", role: "user", companyId });
  await h.createUser({ email: "nobody@guard.test" });
});
afterAll(async () => {
  await h?.close();
});

const companyForm = {
  name: "Guarded Live",
  description: "Concertos sem telemóveis.",
  website: "https://guarded.example",
  primaryEmail: "hello@guarded.example",
  employeeCount: "r11_50",
  instagramUrl: "",
};

describe("requireMembership", () => {
  it("refuses a signed-out caller as unauthorized", async () => {
    await expect(guard.requireMembership()).rejects.toMatchObject({ code: "unauthorized", status: 401 });
    expect(await guard.getMembership()).toBeNull();
  });

  it("refuses role user and a user without a profile as forbidden", async () => {
    await h.actAs("fan@guard.test");
    await expect(guard.requireMembership()).rejects.toMatchObject({
      code: "forbidden",
      messageKey: "admin.accessDenied.message",
    });
    await h.actAs("nobody@guard.test");
    await expect(guard.requireMembership()).rejects.toMatchObject({ code: "forbidden" });
    expect(await guard.getAdminAccess()).toMatchObject({ profileFound: false, membership: null });
  });

  it("resolves admin and manager to their company", async () => {
    await h.actAs("manager@guard.test");
    expect(await guard.requireMembership()).toMatchObject({
      email: "manager@guard.test",
      role: "manager",
      company: { id: companyId, slug: "guarded" },
    });
    await expect(guard.requireMembership("settings.edit")).rejects.toMatchObject({ code: "forbidden" });
  });

  it("maps guard errors to JSON answers in route handlers", async () => {
    const handler = guard.withMembership(async (_request, { membership, params }) =>
      Response.json({ company: membership.company.slug, params }),
    );
    const call = (init?: RequestInit) =>
      handler(new Request("http://localhost:3999/api/x", init), { params: Promise.resolve({}) });

    const signedOut = await call();
    expect(signedOut.status).toBe(401);
    expect(await signedOut.json()).toMatchObject({
      code: "unauthorized",
      messageKey: "auth.errors.signInRequired",
    });

    await h.actAs("fan@guard.test");
    expect((await call()).status).toBe(403);

    await h.actAs("admin@guard.test");
    expect(await (await call()).json()).toEqual({ company: "guarded", params: {} });
    const foreign = await call({ method: "POST", headers: { origin: "https://evil.example" } });
    expect(foreign.status).toBe(403);
  });
});

describe("company settings", () => {
  it("refuses a manager with the spec's message and changes nothing", async () => {
    await h.actAs("manager@guard.test");
    const result = await companyActions.updateCompanyDataAction(null, formData(companyForm));
    expect(result).toEqual({
      ok: false,
      code: "forbidden",
      message: "settings.onlyAdmins",
      values: {},
      fieldErrors: {},
    });
    expect((await h.prisma.company.findUniqueOrThrow({ where: { id: companyId } })).name).toBe(
      "Company guarded",
    );
  });

  it("lets an admin save, validated and scoped to their own company", async () => {
    await h.actAs("admin@guard.test");
    const invalid = await companyActions.updateCompanyDataAction(
      null,
      formData({ ...companyForm, description: " ", website: "not a url" }),
    );
    expect(invalid).toMatchObject({
      ok: false,
      code: "validation",
      fieldErrors: { description: "settings.company.descriptionRequired", website: "validation.urlInvalid" },
    });

    expect(await companyActions.updateCompanyDataAction(null, formData(companyForm))).toEqual({
      ok: true,
      data: undefined,
    });
    expect(await h.prisma.company.findUniqueOrThrow({ where: { id: companyId } })).toMatchObject({
      name: "Guarded Live",
      website: "https://guarded.example",
      employeeCount: "r11_50",
      instagramUrl: null,
    });
    expect((await h.prisma.company.findUniqueOrThrow({ where: { id: otherCompanyId } })).name).toBe(
      "Company elsewhere",
    );
    expect(
      await h.prisma.sessionAudit.count({ where: { companyId, action: "admin_privileged_action" } }),
    ).toBe(1);
  });
});

describe("onboarding", () => {
  it("creates a company with a unique, non-reserved slug and makes the user its admin", async () => {
    const userId = await h.createUser({ email: "founder@guard.test", name: "Founder" });
    await h.actAs("founder@guard.test");
    await expect(onboarding.createCompanyAction(null, formData({ companyName: "Admin" }))).rejects.toThrow(
      "NEXT_REDIRECT",
    );
    const profile = await h.prisma.profile.findUniqueOrThrow({
      where: { userId },
      include: { company: true },
    });
    expect(profile).toMatchObject({
      role: "admin",
      displayName: "Founder",
      company: { name: "Admin", slug: "admin-2" },
    });

    // A second company is refused; a second founder with the same name gets the next slug.
    expect(await onboarding.createCompanyAction(null, formData({ companyName: "Again" }))).toMatchObject({
      ok: false,
      code: "conflict",
      message: "onboarding.alreadyMember",
    });
    await h.createUser({ email: "founder2@guard.test" });
    await h.actAs("founder2@guard.test");
    await expect(onboarding.createCompanyAction(null, formData({ companyName: "Guarded" }))).rejects.toThrow(
      "NEXT_REDIRECT",
    );
    expect(await h.prisma.company.count({ where: { slug: "guarded-2" } })).toBe(1);
  });

  it("validates the name", async () => {
    await h.createUser({ email: "short@guard.test" });
    await h.actAs("short@guard.test");
    expect(await onboarding.createCompanyAction(null, formData({ companyName: " x " }))).toMatchObject({
      ok: false,
      fieldErrors: { companyName: "onboarding.nameTooShort" },
    });
  });
});

describe("invitations", () => {
  it("lets an admin invite by e-mail; the invited person accepts with that address", async () => {
    await h.actAs("admin@guard.test");
    const invited = await team.inviteMemberAction(
      null,
      formData({ email: "New.Person@guard.test", role: "manager" }),
    );
    expect(invited).toEqual({ ok: true, data: { email: "new.person@guard.test" } });
    const mail = await h.waitForMail("new.person@guard.test");
    expect(mail.subject).toBe("Alice Admin invited you to Guarded Live on Afterglow");
    const token = new URL(mail.link).pathname.split("/").pop() ?? "";
    const stored = await h.prisma.invitation.findFirstOrThrow({ where: { email: "new.person@guard.test" } });
    expect(stored.tokenHash).not.toContain(token);
    expect(stored.expiresAt.getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600_000);

    // Someone else, signed in with another address, cannot use it.
    await h.actAs("nobody@guard.test");
    expect(await team.acceptInvitationAction(token)).toMatchObject({
      ok: false,
      message: "team.invitationOtherEmail",
    });

    const userId = await h.createUser({ email: "new.person@guard.test", name: "New Person" });
    await h.actAs("new.person@guard.test");
    await expect(team.acceptInvitationAction(token)).rejects.toThrow("NEXT_REDIRECT");
    expect(await h.prisma.profile.findUniqueOrThrow({ where: { userId } })).toMatchObject({
      companyId,
      role: "manager",
    });
    expect(await team.acceptInvitationAction(token)).toMatchObject({
      ok: false,
      message: "team.invitationInvalid",
    });
  });

  it("refuses invitations from a manager and expired invitations", async () => {
    await h.actAs("manager@guard.test");
    expect(
      await team.inviteMemberAction(null, formData({ email: "x@guard.test", role: "admin" })),
    ).toMatchObject({
      ok: false,
      code: "forbidden",
    });

    await h.actAs("admin@guard.test");
    await team.inviteMemberAction(null, formData({ email: "late@guard.test", role: "admin" }));
    const token = new URL((await h.waitForMail("late@guard.test")).link).pathname.split("/").pop() ?? "";
    await h.prisma.invitation.updateMany({
      where: { email: "late@guard.test" },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    await h.createUser({ email: "late@guard.test" });
    await h.actAs("late@guard.test");
    expect(await team.acceptInvitationAction(token)).toMatchObject({
      ok: false,
      message: "team.invitationExpired",
    });
  });
});
