import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { formData } from "./support/form-data";
import { startAuthHarness, type AuthHarness } from "./support/auth-harness";
import { rowsNamingAddress } from "./support/limiter-store";
import { createTenant, type Tenant } from "./support/tenants";

// Invitations are e-mails the operator's sender sends to any address a member types (issue #34
// row 6: a fresh company's admin sent 30 in ten seconds, the subject carrying names of their
// choosing). Through the real action, limiter and outbox.

let h: AuthHarness;
let team: typeof import("@/lib/features/team/actions");
let LIMITS: typeof import("@/lib/features/team/invitation-limits").INVITATION_LIMITS;

beforeAll(async () => {
  h = await startAuthHarness();
  team = await import("@/lib/features/team/actions");
  LIMITS = (await import("@/lib/features/team/invitation-limits")).INVITATION_LIMITS;
});
afterAll(async () => {
  await h?.close();
});

const tenant = () => createTenant(h.prisma, { users: h });

async function invite(email: string, role = "manager") {
  return team.inviteMemberAction(null, formData({ email, role }));
}

const mailCount = async () =>
  (await readdir(path.join(h.dataDir, "mail")).catch(() => [] as string[])).filter((f) => f.endsWith(".eml"))
    .length;

describe("invitation limits", () => {
  it("refuses the 21st invitation of an hour, in the user's language; another company is unaffected", async () => {
    const a: Tenant = await tenant();
    const b: Tenant = await tenant();
    expect(LIMITS.perHour).toBe(20);
    await h.actAs(a.emails.admin);
    for (let i = 1; i <= LIMITS.perHour; i++) {
      expect(await invite(`crew-${i}@festival.test`), `invitation ${i}`).toMatchObject({ ok: true });
    }
    const sent = await mailCount();
    const refused = await invite("crew-21@festival.test");
    expect(refused).toMatchObject({
      ok: false,
      code: "rate_limited",
      message: "team.errors.tooManyInvitations",
      values: { perHour: 20, perDay: 50 },
    });
    expect(await mailCount()).toBe(sent);
    expect(await h.prisma.invitation.count({ where: { email: "crew-21@festival.test" } })).toBe(0);

    // The same refusal, read in Portuguese (the action's message key and values, translated).
    const { translator } = await import("@/lib/core/i18n/translate");
    const pt = await translator("pt");
    const values = (refused as { values: Record<string, number> }).values;
    expect(pt("team.errors.tooManyInvitations", values)).toMatch(
      /^Demasiados convites por agora: no máximo 20/,
    );

    await h.actAs(b.emails.admin);
    expect(await invite("crew-21@festival.test")).toMatchObject({ ok: true });
  });

  it("counts per account too: the admin who used up the hour cannot go on from another company", async () => {
    const a = await tenant();
    await h.actAs(a.emails.admin);
    for (let i = 1; i <= LIMITS.perHour; i++) await invite(`hop-${i}@festival.test`);
    expect(await invite("hop-21@festival.test")).toMatchObject({ code: "rate_limited" });

    // The same account, now admin of a company of its own that has sent nothing.
    const fresh = await h.prisma.company.create({ data: { name: "Fresh Co", slug: `fresh-${a.slug}` } });
    await h.prisma.profile.update({ where: { userId: a.as("admin").userId }, data: { companyId: fresh.id } });
    await h.actAs(a.emails.admin);
    expect(await invite("hop-21@festival.test")).toMatchObject({
      ok: false,
      code: "rate_limited",
      message: "team.errors.tooManyInvitations",
    });
  });

  it("sends one invitation to an address, not a second within minutes", async () => {
    const a = await tenant();
    await h.actAs(a.emails.admin);
    expect(await invite("twice@festival.test")).toMatchObject({ ok: true });
    await h.waitForMail("twice@festival.test");
    const sent = await mailCount();
    expect(await invite("Twice@Festival.test", "admin")).toMatchObject({
      ok: false,
      code: "rate_limited",
      message: "team.errors.invitedRecently",
      fieldErrors: { email: "team.errors.invitedRecently" },
      values: { minutes: LIMITS.sameAddressWindowMinutes },
    });
    expect(await mailCount()).toBe(sent);
    // The pending invitation is the first one, untouched.
    expect(
      await h.prisma.invitation.findMany({ where: { email: "twice@festival.test" }, select: { role: true } }),
    ).toEqual([{ role: "manager" }]);
  });

  it("lets one address receive at most 5 invitations a day from all companies together", async () => {
    for (let i = 0; i < LIMITS.addressPerDay; i++) {
      const company = await tenant();
      await h.actAs(company.emails.admin);
      expect(await invite("popular@festival.test"), `company ${i + 1}`).toMatchObject({ ok: true });
    }
    const sixth = await tenant();
    await h.actAs(sixth.emails.admin);
    expect(await invite("popular@festival.test")).toMatchObject({
      ok: false,
      code: "rate_limited",
      message: "team.errors.addressInvitedOften",
    });
    // Counted under a keyed digest: the limiter's store names no one (attacker review, issue #36).
    expect(await rowsNamingAddress(h.prisma, "popular@festival.test")).toBe(0);
  });
});

describe("the names in an invitation", () => {
  it("are cut short and lose links and control characters in the subject and the body", async () => {
    const a = await tenant();
    const spam = `Claim your prize at https://evil.example/win now ${"x".repeat(500)}`;
    await h.prisma.company.update({
      where: { id: a.id },
      data: { name: "Win big at www.evil.example\r\nBcc: victim@example.com or prize.example" },
    });
    await h.prisma.profile.update({ where: { userId: a.as("admin").userId }, data: { displayName: spam } });
    await h.prisma.user.update({ where: { id: a.as("admin").userId }, data: { name: spam } });

    await h.actAs(a.emails.admin);
    expect(await invite("target@festival.test")).toMatchObject({ ok: true });
    const mail = await h.waitForMail("target@festival.test");

    // The only link is the invitation's own.
    expect(mail.link).toMatch(/^http:\/\/localhost:3999\/invite\/[\w-]+$/);
    for (const part of [mail.subject, mail.text, mail.html]) {
      const rest = part.replaceAll(mail.link, "");
      expect(rest).not.toMatch(/https?:|www\.|evil\.example|prize\.example/i);
      expect(rest).not.toContain("x".repeat(60));
    }
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.subject.length).toBeLessThan(200);
    expect(mail.subject).toContain("Claim your prize at now");
    expect(mail.subject).toContain("Win big at Bcc: victim@example com or prize example");
  });
});
