import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Membership } from "@/lib/platform/tenancy/membership";
import { APP_URL, startAuthHarness, type AuthHarness } from "./support/auth-harness";
import { setRequestHeaders } from "./support/next-mocks";
import { auditRows, createTenant, type Tenant } from "./support/tenants";

// Settings → Team (issue #34 row 7): an admin removes a member or changes a member's role; the
// company always keeps an administrator, even when two admins act at the same moment; a removed
// member is signed out everywhere and their next admin request is refused — through the real
// actions, the real guard and the real leads.csv route handler, signed in through Better Auth.

let h: AuthHarness;
let team: typeof import("@/lib/features/team/actions");
let manage: typeof import("@/lib/features/team/manage-members");
let csvRoute: typeof import("@/app/api/admin/leads.csv/route");

beforeAll(async () => {
  h = await startAuthHarness();
  team = await import("@/lib/features/team/actions");
  manage = await import("@/lib/features/team/manage-members");
  csvRoute = await import("@/app/api/admin/leads.csv/route");
});
afterAll(async () => {
  await h?.close();
});

const tenant = () => createTenant(h.prisma, { users: h });

const profileOf = (userId: string) =>
  h.prisma.profile.findUniqueOrThrow({ where: { userId }, select: { companyId: true, role: true } });

const operations = async (companyId: string) =>
  (await auditRows(h.prisma, companyId, "admin_privileged_action")).map(
    (row) => row.details as Record<string, unknown>,
  );

/** A second admin of `company`, who signs in with the harness password. */
async function secondAdmin(company: Tenant, name = "Second Admin"): Promise<Membership> {
  const email = `second-${Math.random().toString(36).slice(2, 8)}@${company.slug}.test`;
  const userId = await h.createUser({ email, name, role: "admin", companyId: company.id });
  return { ...company.as("admin"), userId, email, displayName: name };
}

/** GET /api/admin/leads.csv as the browser whose headers these are, through the real route handler. */
async function leadsCsv(headers: Headers): Promise<number> {
  setRequestHeaders(headers);
  const response = await csvRoute.GET(new Request(`${APP_URL}/api/admin/leads.csv`, { headers }), {
    params: Promise.resolve({}),
  });
  await response.text();
  return response.status;
}

describe("changing a member's role", () => {
  it("an admin demotes a manager to user, audited; the manager's next admin request is refused", async () => {
    const a = await tenant();
    const manager = a.as("manager");
    const managerBrowser = h.browser();
    expect((await managerBrowser.signIn(a.emails.manager)).status).toBe(200);
    expect(await leadsCsv(managerBrowser.headers())).toBe(200);

    await h.actAs(a.emails.admin);
    expect(await team.changeMemberRoleAction(manager.userId, "user")).toEqual({
      ok: true,
      data: { role: "user", changed: true },
    });
    expect(await profileOf(manager.userId)).toEqual({ companyId: a.id, role: "user" });
    expect(await operations(a.id)).toContainEqual({
      operation: "member_role_changed",
      from: "manager",
      to: "user",
      self: false,
    });
    // Still signed in, but the guard reads the role again on every request: no more exports.
    expect(await leadsCsv(managerBrowser.headers())).toBe(403);
  });

  it("refuses a manager, another company's admin, and an unknown role, changing nothing", async () => {
    const a = await tenant();
    const b = await tenant();
    const target = a.as("user").userId;

    await h.actAs(a.emails.manager);
    expect(await team.changeMemberRoleAction(target, "admin")).toMatchObject({
      ok: false,
      code: "forbidden",
      message: "team.onlyAdmins",
    });
    await h.actAs(b.emails.admin);
    expect(await team.changeMemberRoleAction(target, "admin")).toMatchObject({
      ok: false,
      code: "not_found",
      message: "team.memberNotFound",
    });
    await h.actAs(a.emails.admin);
    expect(await team.changeMemberRoleAction(target, "owner")).toMatchObject({
      ok: false,
      code: "validation",
    });
    expect(await profileOf(target)).toEqual({ companyId: a.id, role: "user" });
    expect(await operations(a.id)).toEqual([]);
  });

  it("never demotes the last admin; with a second admin, an admin may step down", async () => {
    const a = await tenant();
    const admin = a.as("admin");
    await h.actAs(a.emails.admin);
    expect(await team.changeMemberRoleAction(admin.userId, "manager")).toMatchObject({
      ok: false,
      code: "conflict",
      message: "team.lastAdmin",
    });
    expect(await profileOf(admin.userId)).toEqual({ companyId: a.id, role: "admin" });

    const other = await secondAdmin(a);
    expect(await team.changeMemberRoleAction(admin.userId, "manager")).toMatchObject({ ok: true });
    expect(await profileOf(admin.userId)).toEqual({ companyId: a.id, role: "manager" });
    // Now `other` is the last one: a demotion of them by anyone is refused.
    await h.actAs(other.email);
    expect(await team.changeMemberRoleAction(other.userId, "user")).toMatchObject({
      message: "team.lastAdmin",
    });
  });

  it("two admins demoting each other at the same moment leave the company one admin", async () => {
    for (let round = 0; round < 6; round++) {
      const a = await tenant();
      const first = a.as("admin");
      const second = await secondAdmin(a);
      // Alternately each other, and each themselves: both are the race a check outside the
      // transaction loses (both see two admins, both demote, none is left).
      const [targetOfFirst, targetOfSecond] =
        round % 2 === 0 ? [second.userId, first.userId] : [first.userId, second.userId];
      const outcomes = await Promise.allSettled([
        manage.changeMemberRole(first, targetOfFirst, "manager"),
        manage.changeMemberRole(second, targetOfSecond, "manager"),
      ]);
      expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
      const refusal = outcomes.find((o) => o.status === "rejected")?.reason as { messageKey?: string };
      expect(["team.lastAdmin", "team.onlyAdmins"]).toContain(refusal.messageKey);
      expect(await h.prisma.profile.count({ where: { companyId: a.id, role: "admin" } })).toBe(1);
    }
  });

  it("two admins removing each other at the same moment leave the company one admin", async () => {
    const a = await tenant();
    const first = a.as("admin");
    const second = await secondAdmin(a);
    const outcomes = await Promise.allSettled([
      manage.removeMember(first, second.userId),
      manage.removeMember(second, first.userId),
    ]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    expect(await h.prisma.profile.count({ where: { companyId: a.id, role: "admin" } })).toBe(1);
  });
});

describe("removing a member", () => {
  it("an admin removes a manager: every session of theirs ends and their next leads.csv is refused", async () => {
    const a = await tenant();
    const manager = a.as("manager");
    // Two devices.
    const laptop = h.browser();
    const phone = h.browser();
    expect((await laptop.signIn(a.emails.manager)).status).toBe(200);
    expect((await phone.signIn(a.emails.manager)).status).toBe(200);
    expect(await leadsCsv(laptop.headers())).toBe(200);
    expect(await h.prisma.session.count({ where: { userId: manager.userId } })).toBe(2);

    await h.actAs(a.emails.admin);
    expect(await team.removeMemberAction(manager.userId)).toEqual({ ok: true, data: { self: false } });

    expect(await profileOf(manager.userId)).toEqual({ companyId: null, role: "user" });
    expect(await h.prisma.session.count({ where: { userId: manager.userId } })).toBe(0);
    expect(await leadsCsv(laptop.headers())).toBe(401);
    expect(await leadsCsv(phone.headers())).toBe(401);
    // Their account stays: they can sign in, and are then a user without a company.
    const again = h.browser();
    expect((await again.signIn(a.emails.manager)).status).toBe(200);
    expect(await leadsCsv(again.headers())).toBe(403);

    expect(await operations(a.id)).toContainEqual({
      operation: "member_removed",
      role: "manager",
      sessionsEnded: 2,
      self: false,
    });
    const ended = await h.prisma.sessionAudit.findMany({
      where: { action: "session_ended", userId: manager.userId, companyId: a.id },
    });
    expect(ended.map((row) => (row.details as { cleanupReason?: string }).cleanupReason)).toEqual([
      "revoked",
      "revoked",
    ]);
  });

  it("refuses a manager and another company's admin, changing nothing", async () => {
    const a = await tenant();
    const b = await tenant();
    const target = a.as("user").userId;
    await h.actAs(a.emails.manager);
    expect(await team.removeMemberAction(target)).toMatchObject({ ok: false, message: "team.onlyAdmins" });
    await h.actAs(b.emails.admin);
    expect(await team.removeMemberAction(target)).toMatchObject({
      ok: false,
      code: "not_found",
      message: "team.memberNotFound",
    });
    expect(await profileOf(target)).toEqual({ companyId: a.id, role: "user" });
  });

  it("the last admin cannot leave; with another admin they may, and are signed out", async () => {
    const a = await tenant();
    const admin = a.as("admin");
    await h.actAs(a.emails.admin);
    expect(await team.removeMemberAction(admin.userId)).toMatchObject({
      ok: false,
      code: "conflict",
      message: "team.lastAdmin",
    });
    expect(await profileOf(admin.userId)).toEqual({ companyId: a.id, role: "admin" });

    await secondAdmin(a);
    expect(await team.removeMemberAction(admin.userId)).toEqual({ ok: true, data: { self: true } });
    expect(await profileOf(admin.userId)).toEqual({ companyId: null, role: "user" });
    expect(await h.prisma.session.count({ where: { userId: admin.userId } })).toBe(0);
  });
});

describe("invitations of an admin who is removed or demoted", () => {
  const pendingInvitation = async (company: Tenant, invitedById: string, email: string) => {
    const { newSecretToken } = await import("@/lib/core/secret-token");
    const { token, tokenHash } = newSecretToken();
    await h.prisma.invitation.create({
      data: {
        companyId: company.id,
        email,
        role: "admin",
        tokenHash,
        invitedById,
        expiresAt: new Date(Date.now() + 86_400_000),
      },
    });
    return token;
  };
  const pendingFrom = (invitedById: string) =>
    h.prisma.invitation.count({ where: { invitedById, acceptedAt: null } });

  it("removing or demoting an admin revokes the invitations they sent (no way back in)", async () => {
    const a = await tenant();
    const removed = await secondAdmin(a, "Leaving Admin");
    const demoted = await secondAdmin(a, "Demoted Admin");
    await pendingInvitation(a, removed.userId, `back-door@${a.slug}.test`);
    await pendingInvitation(a, demoted.userId, `other-door@${a.slug}.test`);

    await h.actAs(a.emails.admin);
    expect(await team.removeMemberAction(removed.userId)).toMatchObject({ ok: true });
    expect(await team.changeMemberRoleAction(demoted.userId, "manager")).toMatchObject({ ok: true });
    expect(await pendingFrom(removed.userId)).toBe(0);
    expect(await pendingFrom(demoted.userId)).toBe(0);
  });

  it("an invitation whose inviter is no longer an admin of the company is refused", async () => {
    const a = await tenant();
    const inviter = await secondAdmin(a, "Former Admin");
    const email = `late-${Math.random().toString(36).slice(2, 8)}@${a.slug}.test`;
    const token = await pendingInvitation(a, inviter.userId, email);
    // Lost the role some other way than through Settings → Team (e.g. by the operator).
    await h.prisma.profile.update({ where: { userId: inviter.userId }, data: { role: "user" } });
    const userId = await h.createUser({ email, name: "Late Joiner" });
    const { acceptInvitation } = await import("@/lib/features/team/accept-invitation");
    await expect(acceptInvitation({ id: userId, email, name: "Late Joiner" }, token)).rejects.toMatchObject({
      code: "not_found",
      messageKey: "team.invitationInvalid",
    });
    expect(await h.prisma.profile.findUnique({ where: { userId } })).toBeNull();
  });
});
