import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formData } from "./support/form-data";
import { startAuthHarness, type AuthHarness } from "./support/auth-harness";
import { createTenant } from "./support/tenants";

// The invitation paths no other test walks (issue #19): revoking, inviting someone who is
// already a member, and accepting while a member of another company — through the real
// actions, signed in through the real Better Auth endpoint.

let h: AuthHarness;
let team: typeof import("@/lib/features/team/actions");
let companyId: string;
let otherCompanyId: string;

beforeAll(async () => {
  h = await startAuthHarness();
  team = await import("@/lib/features/team/actions");
  companyId = (await createTenant(h.prisma, { slug: "inviting" })).id;
  otherCompanyId = (await createTenant(h.prisma, { slug: "elsewhere-co" })).id;
  await h.createUser({ email: "admin@invite.test", name: "Ana Admin", role: "admin", companyId });
  await h.createUser({ email: "member@invite.test", role: "manager", companyId });
  await h.createUser({ email: "other.admin@invite.test", role: "admin", companyId: otherCompanyId });
});
afterAll(async () => {
  await h?.close();
});

async function invite(email: string): Promise<string> {
  await h.actAs("admin@invite.test");
  expect(await team.inviteMemberAction(null, formData({ email, role: "manager" }))).toMatchObject({
    ok: true,
  });
  const mail = await h.waitForMail(email);
  return new URL(mail.link).pathname.split("/").pop() ?? "";
}

describe("team invitations", () => {
  it("revokes a pending invitation: its link stops working, and another company cannot revoke it", async () => {
    const token = await invite("revoked@invite.test");
    const invitation = await h.prisma.invitation.findFirstOrThrow({
      where: { email: "revoked@invite.test" },
    });

    await h.actAs("other.admin@invite.test");
    expect(await team.revokeInvitationAction(invitation.id)).toMatchObject({
      ok: false,
      message: "team.invitationInvalid",
    });
    expect(await h.prisma.invitation.count({ where: { id: invitation.id } })).toBe(1);

    await h.actAs("admin@invite.test");
    expect(await team.revokeInvitationAction(invitation.id)).toMatchObject({ ok: true });
    expect(await h.prisma.invitation.count({ where: { id: invitation.id } })).toBe(0);

    await h.createUser({ email: "revoked@invite.test" });
    await h.actAs("revoked@invite.test");
    expect(await team.acceptInvitationAction(token)).toMatchObject({
      ok: false,
      message: "team.invitationInvalid",
    });
    expect(
      await h.prisma.profile.findFirst({ where: { companyId, user: { email: "revoked@invite.test" } } }),
    ).toBeNull();
  });

  it("refuses to invite someone who is already a member, on the e-mail field", async () => {
    await h.actAs("admin@invite.test");
    expect(
      await team.inviteMemberAction(null, formData({ email: "Member@invite.test", role: "admin" })),
    ).toMatchObject({
      ok: false,
      fieldErrors: { email: "team.alreadyMember" },
    });
    expect(await h.prisma.invitation.count({ where: { email: "member@invite.test" } })).toBe(0);
  });

  it("refuses an invitation for someone who belongs to another company, leaving both as they were", async () => {
    const token = await invite("other.admin@invite.test");
    await h.actAs("other.admin@invite.test");
    expect(await team.acceptInvitationAction(token)).toMatchObject({
      ok: false,
      message: "team.alreadyInOtherCompany",
    });
    const profile = await h.prisma.profile.findFirstOrThrow({
      where: { user: { email: "other.admin@invite.test" } },
    });
    expect(profile).toMatchObject({ companyId: otherCompanyId, role: "admin" });
    // Still pending: the right person may accept it once free.
    expect(
      (await h.prisma.invitation.findFirstOrThrow({ where: { email: "other.admin@invite.test" } }))
        .acceptedAt,
    ).toBeNull();
  });
});
