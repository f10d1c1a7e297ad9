import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_URL, startAuthHarness, type AuthHarness } from "./support/auth-harness";
import { formData } from "./support/form-data";
import { revalidatePath, revalidateTag } from "./support/next-mocks";
import { createTenant } from "./support/tenants";

// Settings → Branding and Legal texts through the real server actions, signed in through Better
// Auth (issue #14), and the brand in the e-mails a company sends to the people it invites.

let h: AuthHarness;
let brand: typeof import("@/lib/features/brand/actions");
let team: typeof import("@/lib/features/team/actions");
let pro: string;
let starter: string;
let enterprise: string;

beforeAll(async () => {
  h = await startAuthHarness();
  brand = await import("@/lib/features/brand/actions");
  team = await import("@/lib/features/team/actions");
  pro = (await createTenant(h.prisma, { slug: "brand-pro", plan: "professional" })).id;
  starter = (await createTenant(h.prisma, { slug: "brand-starter", plan: "starter" })).id;
  enterprise = (await createTenant(h.prisma, { slug: "brand-enterprise", plan: "enterprise" })).id;
  await h.createUser({ email: "admin@pro.test", name: "Pro Admin", role: "admin", companyId: pro });
  await h.createUser({ email: "manager@pro.test", role: "manager", companyId: pro });
  await h.createUser({ email: "admin@starter.test", role: "admin", companyId: starter });
  await h.createUser({
    email: "admin@enterprise.test",
    name: "Ent Admin",
    role: "admin",
    companyId: enterprise,
  });
});
afterAll(async () => {
  await h?.close();
});

const row = (id: string) => h.prisma.company.findUniqueOrThrow({ where: { id } });
const picks = { brandColor: "#1d4ed8", accentColor: "#FACC15", colorScheme: "light", template: "editorial" };

describe("settings → branding", () => {
  it("saves an admin's picks, refreshes the company's public pages and the admin shell, and audits it", async () => {
    await h.actAs("admin@pro.test");
    expect(await brand.updateBrandingAction(null, formData(picks))).toEqual({ ok: true, data: undefined });
    expect(await row(pro)).toMatchObject({ ...picks, accentColor: "#facc15" });
    expect(revalidateTag).toHaveBeenCalledWith(`company:${pro}`, { expire: 0 });
    expect(revalidatePath).toHaveBeenCalledWith("/[locale]/admin", "layout");
    const audit = await h.prisma.sessionAudit.findMany({
      where: { companyId: pro, action: "admin_privileged_action" },
    });
    expect(audit.map((a) => a.details)).toContainEqual(
      expect.objectContaining({
        operation: "branding_updated",
        fields: "brandColor,accentColor,colorScheme,template",
      }),
    );
  });

  it("answers a field error for an invalid colour and a refusal for a manager, changing nothing", async () => {
    const before = await row(pro);
    await h.actAs("admin@pro.test");
    expect(await brand.updateBrandingAction(null, formData({ ...picks, brandColor: "#12" }))).toMatchObject({
      ok: false,
      code: "validation",
      fieldErrors: { brandColor: "settings.branding.colorInvalid" },
    });
    await h.actAs("manager@pro.test");
    expect(await brand.updateBrandingAction(null, formData(picks))).toMatchObject({
      ok: false,
      code: "forbidden",
      message: "settings.onlyAdmins",
    });
    expect(await brand.removeLogoAction()).toMatchObject({ ok: false, code: "forbidden" });
    expect(await row(pro)).toEqual(before);
    expect(revalidateTag).not.toHaveBeenCalled();
  });

  it("refuses a Starter company's colours with the plan gate's error, pointing at the subscription page", async () => {
    const before = await row(starter);
    await h.actAs("admin@starter.test");
    expect(await brand.updateBrandingAction(null, formData(picks))).toMatchObject({
      ok: false,
      code: "forbidden",
      message: "plans.errors.feature",
      values: {
        feature: "customBranding",
        plan: "starter",
        required: "professional",
        link: "/admin/subscription",
      },
    });
    expect(await row(starter)).toEqual(before);
    // What the Starter form sends (the gated controls are disabled, so absent) is accepted.
    expect(await brand.updateBrandingAction(null, formData({ logoMediaId: "" }))).toMatchObject({ ok: true });
  });

  it("changes only the caller's own company", async () => {
    const others = await Promise.all([row(pro), row(enterprise)]);
    await h.actAs("admin@starter.test");
    await brand.updateLegalTextsAction(null, formData({ termsText: "Starter's terms", privacyText: "" }));
    expect(await Promise.all([row(pro), row(enterprise)])).toEqual(others);
    expect((await row(starter)).termsText).toBe("Starter's terms");
    expect(revalidateTag.mock.calls.map((c) => c[0])).toEqual([`company:${starter}`]);
  });
});

describe("settings → legal texts", () => {
  it("saves both texts, refreshes the company's public (legal) pages; a too-long text is a field error", async () => {
    await h.actAs("admin@pro.test");
    const texts = { termsText: "# Terms\n\n- one\n- two", privacyText: "We keep **little**." };
    expect(await brand.updateLegalTextsAction(null, formData(texts))).toMatchObject({ ok: true });
    expect(await row(pro)).toMatchObject(texts);
    expect(revalidateTag).toHaveBeenCalledWith(`company:${pro}`, { expire: 0 });
    expect(
      await brand.updateLegalTextsAction(null, formData({ termsText: "x".repeat(20_001), privacyText: "" })),
    ).toMatchObject({ ok: false, fieldErrors: { termsText: "settings.branding.legal.tooLong" } });
    expect(await row(pro)).toMatchObject(texts);
  });
});

describe("the brand in e-mails to invitees", () => {
  it("puts the company's logo, name and button colour in the e-mail, and 'Powered by Afterglow'", async () => {
    const logoKey = `companies/${pro}/branding/logo.png`;
    await h.prisma.company.update({ where: { id: pro }, data: { logoKey, brandColor: "#ffd166" } });
    await h.actAs("admin@pro.test");
    expect(
      await team.inviteMemberAction(null, formData({ email: "fan@invitee.test", role: "manager" })),
    ).toMatchObject({
      ok: true,
    });
    const mail = await h.waitForMail("fan@invitee.test");
    expect(mail.html).toContain(`src="${APP_URL}/api/media/logo/${pro}?v=`);
    expect(mail.html).toContain(`alt="Company brand-pro"`);
    // A light yellow: black text on the button (AA), the link darkened on the white card.
    expect(mail.html).toMatch(/background:#ffd166;color:#000000/);
    expect(mail.html).not.toContain('color:#ffd166"');
    expect(mail.html).toContain("Powered by Afterglow");
    expect(mail.text).toContain("Powered by Afterglow");
  });

  it("a white-label (Enterprise) company's e-mail does not name the platform", async () => {
    await h.prisma.company.update({ where: { id: enterprise }, data: { brandColor: "#7c3aed" } });
    await h.actAs("admin@enterprise.test");
    await team.inviteMemberAction(null, formData({ email: "vip@invitee.test", role: "admin" }));
    const mail = await h.waitForMail("vip@invitee.test");
    expect(mail.html).toMatch(/background:#7c3aed;color:#ffffff/);
    expect(mail.html).toContain("Company brand-enterprise");
    expect(`${mail.subject} ${mail.html} ${mail.text}`).not.toMatch(/Afterglow|Powered by/i);
  });

  it("a Starter company's e-mail has its name but the platform's colours", async () => {
    await h.prisma.company.update({ where: { id: starter }, data: { brandColor: "#1d4ed8" } });
    await h.actAs("admin@starter.test");
    await team.inviteMemberAction(null, formData({ email: "new@invitee.test", role: "manager" }));
    const mail = await h.waitForMail("new@invitee.test");
    expect(mail.html).toContain("Company brand-starter");
    expect(mail.html).not.toContain("#1d4ed8");
    expect(mail.html).toContain("Powered by Afterglow");
  });
});
