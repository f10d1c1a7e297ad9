import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD, startAuthHarness, type AuthHarness, type Browser } from "./support/auth-harness";
import { setRequestHeaders } from "./support/next-mocks";
import { createTenant, type Tenant } from "./support/tenants";

// The account page's actions (lib/features/account/actions.ts) and the sign-in with a second factor,
// through the real Better Auth handler and hooks: the caller is a real signed-in browser
// whose cookie `next/headers` answers with; e-mails are read from the outbox.

let h: AuthHarness;
let account: typeof import("@/lib/features/account/actions");
let company: typeof import("@/lib/features/company/actions");
let guard: typeof import("@/lib/platform/tenancy/guard");
let tenant: Tenant;

beforeAll(async () => {
  h = await startAuthHarness();
  account = await import("@/lib/features/account/actions");
  company = await import("@/lib/features/company/actions");
  guard = await import("@/lib/platform/tenancy/guard");
  tenant = await createTenant(h.prisma, { slug: "accounts", users: h });
});
afterAll(async () => {
  await h?.close();
});

// This file signs in more often than Better Auth's per-client limit allows (30 a minute):
// each sign-in comes from its own address, as from many devices.
let clients = 0;
function signIn(browser: Browser, email: string, password = PASSWORD): Promise<Response> {
  clients += 1;
  return browser.fetch("/sign-in/email", {
    body: { email, password },
    headers: { "x-forwarded-for": `10.0.${clients >> 8}.${clients & 255}` },
  });
}

/** Signs in through the real endpoint; the next actions run as that browser. */
async function actAs(email: string, password = PASSWORD): Promise<Browser> {
  const browser = h.browser("en");
  const response = await signIn(browser, email, password);
  expect(response.status).toBe(200);
  setRequestHeaders(browser.headers());
  return browser;
}

async function sessionOf(browser: Browser): Promise<{ user: { email: string } } | null> {
  return (await (await browser.fetch("/get-session")).json()) as { user: { email: string } } | null;
}

const userOf = (email: string) => h.prisma.user.findUnique({ where: { email } });

/** The current code of an authenticator holding the Base32 key of an otpauth:// URI. */
async function totpOf(secret: string): Promise<string> {
  return createOTP(base32.decode(secret)).totp();
}

describe("display name", () => {
  it("changes the name on the user and on the profile the admin area shows", async () => {
    const id = await h.createUser({ email: "name@acc.test", name: "Old Name", withProfile: true });
    await actAs("name@acc.test");
    expect(await account.updateDisplayNameAction({ displayName: "  Nova Pessoa " })).toEqual({
      ok: true,
      data: undefined,
    });
    expect((await h.prisma.user.findUniqueOrThrow({ where: { id } })).name).toBe("Nova Pessoa");
    expect((await h.prisma.profile.findUniqueOrThrow({ where: { userId: id } })).displayName).toBe(
      "Nova Pessoa",
    );
    expect(await account.updateDisplayNameAction({ displayName: "  " })).toMatchObject({
      ok: false,
      fieldErrors: { displayName: "validation.required" },
    });
  });

  it("refuses a signed-out caller", async () => {
    expect(await account.updateDisplayNameAction({ displayName: "X" })).toMatchObject({
      ok: false,
      code: "unauthorized",
    });
  });
});

describe("e-mail change", () => {
  it("changes the address only when the new one confirms it, and tells the old one", async () => {
    await h.createUser({ email: "old@acc.test", name: "Olga" });
    await actAs("old@acc.test");
    expect(
      await account.requestEmailChangeAction({ newEmail: "New@Acc.test", currentPassword: "Wrong!Passw0rd" }),
    ).toMatchObject({ ok: false, fieldErrors: { currentPassword: "account.errors.wrongPassword" } });
    expect(
      await account.requestEmailChangeAction({ newEmail: "New@Acc.test", currentPassword: PASSWORD }),
    ).toEqual({
      ok: true,
      data: { newEmail: "new@acc.test" },
    });

    const confirm = await h.waitForMail("new@acc.test", "Confirm your new e-mail address");
    expect(confirm.text).toContain("old@acc.test");
    const notice = await h.waitForMail("old@acc.test", "is being changed");
    expect(notice.text).toContain("new@acc.test");
    expect(notice.link).toBe("http://localhost:3999/auth/forgot-password");

    // Nothing changes until the link is opened.
    expect(await userOf("old@acc.test")).not.toBeNull();
    expect((await signIn(h.browser("en"), "new@acc.test")).status).toBe(401);

    // Opened in another browser (signed out), as from a phone's mail app.
    const opened = await h.browser("en").fetch(confirm.link);
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toBe("/account?email=changed");
    expect(await userOf("old@acc.test")).toBeNull();
    expect(await userOf("new@acc.test")).toMatchObject({ name: "Olga", emailVerified: true });
    expect((await signIn(h.browser("en"), "old@acc.test")).status).toBe(401);
    expect((await signIn(h.browser("en"), "new@acc.test")).status).toBe(200);

    // The link does not work twice: the account's address is no longer the token's.
    const again = await h.browser("en").fetch(confirm.link);
    expect(again.headers.get("location")).toMatch(/^\/account\?email=changed&error=/);
  });

  it("keeps Better Auth's account endpoints off HTTP: the account page's actions are the one way", async () => {
    await h.createUser({ email: "http@acc.test" });
    const browser = h.browser("en");
    expect((await signIn(browser, "http@acc.test")).status).toBe(200);
    for (const [path, body] of [
      ["/change-email", { newEmail: "elsewhere@acc.test", callbackURL: "/admin/settings" }],
      ["/change-password", { currentPassword: PASSWORD, newPassword: "N3w!Passw0rd" }],
      ["/update-user", { name: "Someone else" }],
      ["/two-factor/enable", { password: PASSWORD }],
      ["/two-factor/disable", { password: PASSWORD }],
      ["/two-factor/generate-backup-codes", { password: PASSWORD }],
    ] as const) {
      expect((await browser.fetch(path, { body })).status, path).toBe(404);
    }
    expect(await userOf("http@acc.test")).toMatchObject({ name: "Test User", twoFactorEnabled: false });
  });

  it("sends the link to the account page and lets it work once, for an hour, until the owner reacts", async () => {
    await h.createUser({ email: "owner@acc.test" });
    const ask = async (newEmail: string) => {
      expect(await account.requestEmailChangeAction({ newEmail, currentPassword: PASSWORD })).toMatchObject({
        ok: true,
      });
      return (await h.waitForMail(newEmail, "Confirm your new e-mail address")).link;
    };
    const refused = async (link: string) => {
      const response = await h.browser("en").fetch(link);
      expect(response.headers.get("location")).toMatch(/^\/account\?email=changed&error=/);
      expect(await userOf("owner@acc.test")).not.toBeNull();
    };
    const owner = await actAs("owner@acc.test");

    const first = await ask("taker1@acc.test");
    expect(decodeURIComponent(new URL(first).searchParams.get("callbackURL") ?? "")).toBe(
      "/account?email=changed",
    );
    // A newer request replaces the older link.
    const second = await ask("taker2@acc.test");
    await refused(first);

    // The owner signs the other sessions out: the pending change goes with them.
    setRequestHeaders(owner.headers());
    const { signOutOtherSessionsAction } = await import("@/lib/features/account/auth-actions");
    expect(await signOutOtherSessionsAction()).toMatchObject({ ok: true });
    await refused(second);

    // The owner changes the password: a change asked for before it no longer works.
    const third = await ask("taker3@acc.test");
    await h.prisma.account.updateMany({
      where: { user: { email: "owner@acc.test" }, providerId: "credential" },
      data: { updatedAt: new Date(Date.now() + 1000) },
    });
    await refused(third);

    // An hour later the link has expired.
    const fourth = await ask("taker4@acc.test");
    await h.prisma.verification.updateMany({
      where: { identifier: { startsWith: "email-change:" } },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    await refused(fourth);
    expect(await userOf("taker4@acc.test")).toBeNull();
  });

  it("refuses the address the account already has", async () => {
    await h.createUser({ email: "same@acc.test" });
    await actAs("same@acc.test");
    expect(
      await account.requestEmailChangeAction({ newEmail: "same@acc.test", currentPassword: PASSWORD }),
    ).toMatchObject({
      ok: false,
      code: "validation",
      fieldErrors: { newEmail: "account.email.same" },
    });
  });
});

describe("password change", () => {
  const NEW_PASSWORD = "N3w!Passw0rd";

  it("refuses a wrong current password and a weak new one with the spec's message", async () => {
    await h.createUser({ email: "weak@acc.test" });
    await actAs("weak@acc.test");
    expect(
      await account.changePasswordAction({ currentPassword: "Wr0ng!Pass", newPassword: NEW_PASSWORD }),
    ).toMatchObject({
      ok: false,
      code: "validation",
      message: "account.errors.wrongPassword",
      fieldErrors: { currentPassword: "account.errors.wrongPassword" },
    });
    expect(
      await account.changePasswordAction({ currentPassword: PASSWORD, newPassword: "weakpass1" }),
    ).toMatchObject({ ok: false, fieldErrors: { newPassword: "auth.password.uppercase" } });

    expect((await signIn(h.browser("en"), "weak@acc.test")).status).toBe(200);
  });

  it("limits the guesses of the current password per account (a borrowed session cannot try many)", async () => {
    await h.createUser({ email: "guess@acc.test" });
    await actAs("guess@acc.test");
    for (let i = 0; i < 10; i += 1) {
      expect(
        await account.changePasswordAction({ currentPassword: `Gu3ss!${i}xx`, newPassword: NEW_PASSWORD }),
      ).toMatchObject({ ok: false, code: "validation" });
    }
    expect(
      await account.changePasswordAction({ currentPassword: PASSWORD, newPassword: NEW_PASSWORD }),
    ).toMatchObject({ ok: false, code: "rate_limited", message: "auth.errors.tooManyRequests" });
    expect((await signIn(h.browser("en"), "guess@acc.test")).status).toBe(200);
  });

  it("changes it given the current one and ends the other sessions", async () => {
    await h.createUser({ email: "change@acc.test" });
    const elsewhere = h.browser("en");
    await signIn(elsewhere, "change@acc.test");
    await actAs("change@acc.test");
    expect(
      await account.changePasswordAction({ currentPassword: PASSWORD, newPassword: NEW_PASSWORD }),
    ).toEqual({ ok: true, data: undefined });
    expect(await sessionOf(elsewhere)).toBeNull();
    expect((await signIn(h.browser("en"), "change@acc.test")).status).toBe(401);
    expect((await signIn(h.browser("en"), "change@acc.test", NEW_PASSWORD)).status).toBe(200);
  });
});

describe("the password-change hook", () => {
  // What changing the password sets off in our code around Better Auth's /change-password:
  // the other sessions end (and are audited as ended by the password change), this device gets
  // a fresh session (audited as started), and a change of address asked for before no longer works.
  it("ends and audits the other sessions, starts this device's again, and cancels a pending change of address", async () => {
    const email = "hook@acc.test";
    const userId = await h.createUser({ email });
    const elsewhere = h.browser("en");
    expect((await signIn(elsewhere, email)).status).toBe(200);
    const here = await actAs(email);
    expect(
      await account.requestEmailChangeAction({ newEmail: "thief@acc.test", currentPassword: PASSWORD }),
    ).toMatchObject({ ok: true });
    const link = (await h.waitForMail("thief@acc.test", "Confirm your new e-mail address")).link;
    const before = await h.prisma.session.findMany({ where: { userId }, select: { id: true } });
    expect(before).toHaveLength(2);

    expect(
      await account.changePasswordAction({ currentPassword: PASSWORD, newPassword: "N3w!Passw0rd" }),
    ).toEqual({ ok: true, data: undefined });

    // Both earlier sessions are gone (the other device's cookie no longer works); one new one is left.
    expect(await sessionOf(elsewhere)).toBeNull();
    expect(await sessionOf(here)).toBeNull();
    const after = await h.prisma.session.findMany({ where: { userId }, select: { id: true } });
    expect(after).toHaveLength(1);
    expect(before.map((s) => s.id)).not.toContain(after[0]!.id);

    const audits = await h.prisma.sessionAudit.findMany({ where: { userId }, orderBy: { createdAt: "asc" } });
    const ended = audits.filter((a) => a.action === "session_ended");
    expect(ended.map((a) => a.recordId).sort()).toEqual(before.map((s) => s.id).sort());
    for (const a of ended) {
      expect((a.details as { cleanupReason: string }).cleanupReason).toBe("password-change");
    }
    expect(audits.filter((a) => a.action === "session_started").map((a) => a.recordId)).toContain(
      after[0]!.id,
    );

    // The link mailed before the change is refused, and the address stays the owner's.
    const opened = await h.browser("en").fetch(link);
    expect(opened.headers.get("location")).toMatch(/^\/account\?email=changed&error=/);
    expect(await userOf(email)).not.toBeNull();
    expect(await userOf("thief@acc.test")).toBeNull();
  });
});

/** A new account with two-factor on (each test its own: none relies on another having run). */
async function enrolled(email: string): Promise<{ secret: string; backupCodes: string[] }> {
  await h.createUser({ email });
  await actAs(email);
  const started = await account.startTwoFactorAction({ password: PASSWORD });
  if (!started.ok) throw new Error(started.message);
  const confirmed = await account.confirmTwoFactorAction({ code: await totpOf(started.data.secret) });
  if (!confirmed.ok) throw new Error(confirmed.message);
  return started.data;
}

describe("two-factor authentication", () => {
  it("asks for the password, then turns on only with a correct first code", async () => {
    await h.createUser({ email: "totp@acc.test" });
    await actAs("totp@acc.test");
    expect(await account.startTwoFactorAction({ password: "Wr0ng!Pass" })).toMatchObject({
      ok: false,
      fieldErrors: { password: "account.errors.wrongPassword" },
    });
    const started = await account.startTwoFactorAction({ password: PASSWORD });
    if (!started.ok) throw new Error(started.message);
    const { secret, backupCodes } = started.data;
    expect(started.data.totpURI).toMatch(/^otpauth:\/\/totp\/Afterglow:totp%40acc\.test\?/);
    expect(started.data.qrCode).toMatch(/^data:image\/png;base64,/);
    expect(backupCodes).toHaveLength(10);
    // Ours, not Better Auth's default: no look-alike characters, in groups of four.
    for (const c of backupCodes)
      expect(c).toMatch(/^[2-9a-hjkmnp-z]{4}-[2-9a-hjkmnp-z]{4}-[2-9a-hjkmnp-z]{4}$/);
    // Not in force until confirmed: a sign-in still needs only the password.
    const passwordOnly = h.browser("en");
    expect(await (await signIn(passwordOnly, "totp@acc.test")).json()).toHaveProperty("token");

    const code = await totpOf(secret);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    expect(await account.confirmTwoFactorAction({ code: wrong })).toMatchObject({
      ok: false,
      fieldErrors: { code: "account.twoFactor.invalidCode" },
    });
    expect((await userOf("totp@acc.test"))?.twoFactorEnabled).toBe(false);
    expect(await account.confirmTwoFactorAction({ code })).toEqual({ ok: true, data: undefined });
    expect((await userOf("totp@acc.test"))?.twoFactorEnabled).toBe(true);
    // Sessions opened with the password alone end; this device keeps one.
    expect(await sessionOf(passwordOnly)).toBeNull();
    expect(await h.prisma.session.count({ where: { user: { email: "totp@acc.test" } } })).toBe(1);
  });

  it("then a sign-in needs the code: the password alone opens no session", async () => {
    const { secret } = await enrolled("totp-sign-in@acc.test");
    const browser = h.browser("en");
    const response = await signIn(browser, "totp-sign-in@acc.test");
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
    expect(await sessionOf(browser)).toBeNull();

    const code = await totpOf(secret);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    const refused = await browser.fetch("/two-factor/verify-totp", { body: { code: wrong } });
    expect(refused.status).toBe(401);
    expect(await sessionOf(browser)).toBeNull();

    const accepted = await browser.fetch("/two-factor/verify-totp", { body: { code } });
    expect(accepted.status).toBe(200);
    expect(await sessionOf(browser)).toMatchObject({ user: { email: "totp-sign-in@acc.test" } });
  });

  it("a code without the password step is refused", async () => {
    const { secret } = await enrolled("totp-no-password@acc.test");
    const browser = h.browser("en");
    const response = await browser.fetch("/two-factor/verify-totp", { body: { code: await totpOf(secret) } });
    expect(response.status).toBe(401);
    expect(await sessionOf(browser)).toBeNull();
  });

  it("a sign-in stopped at the code step starts no session: it cannot push out the account's others", async () => {
    const userId = await h.createUser({ email: "limit@acc.test" });
    await actAs("limit@acc.test");
    const started = await account.startTwoFactorAction({ password: PASSWORD });
    if (!started.ok) throw new Error(started.message);
    expect(await account.confirmTwoFactorAction({ code: await totpOf(started.data.secret) })).toMatchObject({
      ok: true,
    });
    await h.prisma.session.deleteMany({ where: { userId } });

    // Three devices signed in with both factors: the limit of an account without a company.
    const devices: Browser[] = [];
    for (const ip of ["198.51.100.1", "198.51.100.2", "198.51.100.3"]) {
      const device = h.browser("en");
      await signIn(device, "limit@acc.test");
      const verified = await device.fetch("/two-factor/verify-totp", {
        body: { code: await totpOf(started.data.secret) },
        headers: { "x-forwarded-for": ip },
      });
      expect(verified.status).toBe(200);
      devices.push(device);
    }
    const audited = () => h.prisma.sessionAudit.count({ where: { userId, action: "session_started" } });
    const before = await audited();

    // Someone with the password only, twice.
    for (let i = 0; i < 2; i += 1) {
      expect(await (await signIn(h.browser("en"), "limit@acc.test")).json()).toMatchObject({
        twoFactorRedirect: true,
      });
    }
    for (const device of devices) {
      expect(await sessionOf(device)).toMatchObject({ user: { email: "limit@acc.test" } });
    }
    expect(await h.prisma.session.count({ where: { userId } })).toBe(3);
    expect(await audited()).toBe(before);
  });

  it("a recovery code signs in once", async () => {
    const { backupCodes } = await enrolled("totp-recovery@acc.test");
    const first = h.browser("en");
    await signIn(first, "totp-recovery@acc.test");
    const used = await first.fetch("/two-factor/verify-backup-code", { body: { code: backupCodes[0] } });
    expect(used.status).toBe(200);
    expect(await sessionOf(first)).toMatchObject({ user: { email: "totp-recovery@acc.test" } });

    const second = h.browser("en");
    await signIn(second, "totp-recovery@acc.test");
    const reused = await second.fetch("/two-factor/verify-backup-code", { body: { code: backupCodes[0] } });
    expect(reused.status).toBe(401);
    expect(await sessionOf(second)).toBeNull();
  });
});

describe("two-factor required by the company", () => {
  it("an admin may require it only once using it", async () => {
    await actAs(tenant.emails.admin);
    expect(await company.updateSecuritySettingsAction({ twoFactorRequired: "admins" })).toMatchObject({
      ok: false,
      message: "settings.security.enrolFirst",
    });
    await actAs(tenant.emails.manager);
    expect(await company.updateSecuritySettingsAction({ twoFactorRequired: "admins" })).toMatchObject({
      ok: false,
      code: "forbidden",
    });
    await actAs(tenant.emails.admin);
    expect(await company.updateSecuritySettingsAction({ twoFactorRequired: "everyone" })).toMatchObject({
      ok: false,
      message: "settings.security.enrolFirst",
    });
    // Only the three values exist.
    expect(
      await company.updateSecuritySettingsAction({ twoFactorRequired: "all" as unknown as "everyone" }),
    ).toMatchObject({ ok: false, code: "validation" });
    expect((await h.prisma.company.findUniqueOrThrow({ where: { id: tenant.id } })).twoFactorRequired).toBe(
      "off",
    );
  });

  it("closes the admin area to a member it is required of until they turn it on: admins, then everyone", async () => {
    await h.prisma.company.update({ where: { id: tenant.id }, data: { twoFactorRequired: "admins" } });
    await actAs(tenant.emails.admin);
    expect(await guard.getAdminAccess()).toMatchObject({ twoFactorEnrolmentRequired: true });
    await expect(guard.requireMembership()).rejects.toMatchObject({
      code: "forbidden",
      messageKey: "account.twoFactor.requiredForAdmins",
    });
    // A manager is not an administrator: not concerned.
    await actAs(tenant.emails.manager);
    expect(await guard.requireMembership()).toMatchObject({ role: "manager" });

    // The admin turns it on from the account page (open to them), then the area opens.
    await actAs(tenant.emails.admin);
    const started = await account.startTwoFactorAction({ password: PASSWORD });
    if (!started.ok) throw new Error(started.message);
    expect(await account.confirmTwoFactorAction({ code: await totpOf(started.data.secret) })).toMatchObject({
      ok: true,
    });
    const browser = h.browser("en");
    await signIn(browser, tenant.emails.admin);
    // From another address: Better Auth allows 3 code checks per 10 s per client and path.
    const verified = await browser.fetch("/two-factor/verify-totp", {
      body: { code: await totpOf(started.data.secret) },
      headers: { "x-forwarded-for": "203.0.113.7" },
    });
    expect(verified.status).toBe(200);
    setRequestHeaders(browser.headers());
    expect(await guard.requireMembership()).toMatchObject({ role: "admin", company: { id: tenant.id } });

    // And may now change the setting, which is audited.
    expect(await company.updateSecuritySettingsAction({ twoFactorRequired: "everyone" })).toEqual({
      ok: true,
      data: undefined,
    });
    const audit = await h.prisma.sessionAudit.findFirst({
      where: { companyId: tenant.id, action: "admin_privileged_action" },
      orderBy: { createdAt: "desc" },
    });
    expect(audit?.details).toMatchObject({
      operation: "security_settings_updated",
      twoFactorRequired: "everyone",
      previous: "admins",
    });

    // Now required of everyone: the manager and the user without it are closed out, told why,
    // on every request through the guard (pages, actions, routes); the enrolled admin is not.
    expect(await guard.requireMembership()).toMatchObject({ role: "admin" });
    for (const role of ["manager", "user"] as const) {
      await actAs(tenant.emails[role]);
      expect(await guard.getAdminAccess()).toMatchObject({
        twoFactorEnrolmentRequired: true,
        twoFactorMessage: "account.twoFactor.requiredForEveryone",
      });
      await expect(guard.requireMembership("settings.view")).rejects.toMatchObject({
        code: "forbidden",
        messageKey: "account.twoFactor.requiredForEveryone",
      });
    }
    // An action of the manager's is refused with the same message.
    await actAs(tenant.emails.manager);
    expect(await company.updateSecuritySettingsAction({ twoFactorRequired: "off" })).toMatchObject({
      ok: false,
      code: "forbidden",
      message: "account.twoFactor.requiredForEveryone",
    });

    // The manager sets it up from the account page (open to them), and the area opens.
    const started2 = await account.startTwoFactorAction({ password: PASSWORD });
    if (!started2.ok) throw new Error(started2.message);
    expect(await account.confirmTwoFactorAction({ code: await totpOf(started2.data.secret) })).toMatchObject({
      ok: true,
    });
    const managerBrowser = h.browser("en");
    await signIn(managerBrowser, tenant.emails.manager);
    const managerVerified = await managerBrowser.fetch("/two-factor/verify-totp", {
      body: { code: await totpOf(started2.data.secret) },
      headers: { "x-forwarded-for": "203.0.113.8" },
    });
    expect(managerVerified.status).toBe(200);
    setRequestHeaders(managerBrowser.headers());
    expect(await guard.requireMembership()).toMatchObject({ role: "manager" });

    // Back to admins only: the user (who has no admin area) is no longer asked for it.
    await h.prisma.company.update({ where: { id: tenant.id }, data: { twoFactorRequired: "admins" } });
    await actAs(tenant.emails.user);
    expect(await guard.getAdminAccess()).toMatchObject({
      twoFactorEnrolmentRequired: false,
      twoFactorMessage: null,
    });
    await h.prisma.company.update({ where: { id: tenant.id }, data: { twoFactorRequired: "off" } });
  });
});
