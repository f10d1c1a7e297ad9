import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAuthHarness, type AuthHarness } from "./support/auth-harness";
import { auditRows, createTenant } from "./support/tenants";

// The dashboard (issue #18): the checklist completes itself from the company's own rows only,
// the week's views, recent leads and comments by role, and the two checklist actions.

let h: AuthHarness;
let dashboard: typeof import("@/lib/features/dashboard/queries");
let actions: typeof import("@/lib/features/dashboard/actions");
let guard: typeof import("@/lib/platform/tenancy/guard");
let companyId: string;
let otherCompanyId: string;

beforeAll(async () => {
  h = await startAuthHarness();
  dashboard = await import("@/lib/features/dashboard/queries");
  actions = await import("@/lib/features/dashboard/actions");
  guard = await import("@/lib/platform/tenancy/guard");
  companyId = (await createTenant(h.prisma, { slug: "dash" })).id;
  otherCompanyId = (await createTenant(h.prisma, { slug: "dash-other" })).id;
  await h.createUser({ email: "admin@dash.test", role: "admin", companyId });
  await h.createUser({ email: "manager@dash.test", role: "manager", companyId });
});
afterAll(async () => {
  await h?.close();
});

const stepsOf = (d: Awaited<ReturnType<typeof dashboard.getDashboard>>) =>
  Object.fromEntries(d.checklist.steps.map((s) => [s.step, s.done]));

describe("getDashboard", () => {
  it("ticks each step from the company's own data, never another company's", async () => {
    await h.actAs("admin@dash.test");
    const membership = await guard.requireMembership();
    // Another company with everything done changes nothing here.
    await h.prisma.event.create({
      data: {
        companyId: otherCompanyId,
        slug: "other-show",
        name: "O",
        startsAt: new Date(),
        status: "published",
      },
    });
    await h.prisma.content.create({
      data: { id: "dash-other-c", companyId: otherCompanyId, title: "O", status: "published" },
    });
    await h.prisma.engagementEvent.create({
      data: { companyId: otherCompanyId, contentId: "dash-other-c", type: "view", visitorId: "v" },
    });
    let d = await dashboard.getDashboard(membership);
    expect(stepsOf(d)).toEqual({ createEvent: false, upload: false, publish: false, share: false });
    expect(d.checklist.next).toBe("createEvent");
    expect(d.views).toEqual({ thisWeek: 0, lastWeek: 0 });
    // The other company's published content is not this one's.
    expect(d.totals).toEqual({ contents: 0, publishedContents: 0, downloads: 0, leads: 0 });

    await h.prisma.event.create({
      data: { companyId, slug: "dash-show", name: "Show", startsAt: new Date() },
    });
    await h.prisma.content.create({ data: { id: "dash-c", companyId, title: "Set" } });
    await h.prisma.mediaFile.create({
      data: {
        companyId,
        contentId: "dash-c",
        kind: "photo",
        storageKey: "dash/1.jpg",
        originalName: "1.jpg",
        mimeType: "image/jpeg",
        sizeBytes: 10n,
        state: "ready",
      },
    });
    d = await dashboard.getDashboard(membership);
    expect(stepsOf(d)).toEqual({ createEvent: true, upload: true, publish: false, share: false });
    expect(d.checklist.next).toBe("publish");

    await h.prisma.content.update({ where: { id: "dash-c" }, data: { status: "published" } });
    const now = new Date();
    await h.prisma.engagementEvent.createMany({
      data: [
        {
          companyId,
          contentId: "dash-c",
          type: "view",
          visitorId: "a",
          createdAt: new Date(now.getTime() - 3_600_000),
        },
        {
          companyId,
          contentId: "dash-c",
          type: "view",
          visitorId: "b",
          createdAt: new Date(now.getTime() - 8 * 86_400_000),
        },
      ],
    });
    d = await dashboard.getDashboard(membership, now);
    // A fan's view proves the link left the admin area.
    expect(d.checklist.complete).toBe(true);
    expect(d.views).toEqual({ thisWeek: 1, lastWeek: 1 });
    expect(d.totals).toMatchObject({ contents: 1, publishedContents: 1 });
  });

  it("shows recent leads and comments to managers, newest first, of the company only", async () => {
    await h.prisma.lead.createMany({
      data: [
        {
          companyId,
          contentId: "dash-c",
          name: "Old",
          email: "old@x.test",
          createdAt: new Date(Date.now() - 60_000),
        },
        { companyId, contentId: "dash-c", name: "New", email: "new@x.test" },
        { companyId: otherCompanyId, contentId: "dash-other-c", name: "Other", email: "o@x.test" },
      ],
    });
    await h.prisma.comment.create({ data: { companyId, contentId: "dash-c", text: "Great", rating: 5 } });
    await h.prisma.comment.create({
      data: { companyId: otherCompanyId, contentId: "dash-other-c", text: "No" },
    });
    // Downloads of all time, this company's only (the spec's dashboard totals).
    await h.prisma.engagementEvent.createMany({
      data: [
        { companyId, contentId: "dash-c", type: "download", visitorId: "a" },
        {
          companyId,
          contentId: "dash-c",
          type: "download",
          visitorId: "b",
          createdAt: new Date("2025-01-15"),
        },
        { companyId: otherCompanyId, contentId: "dash-other-c", type: "download", visitorId: "c" },
      ],
    });
    await h.prisma.content.create({ data: { id: "dash-draft", companyId, title: "Draft" } });
    await h.actAs("manager@dash.test");
    const d = await dashboard.getDashboard(await guard.requireMembership());
    expect(d.totals).toEqual({ contents: 2, publishedContents: 1, downloads: 2, leads: 2 });
    expect(d.recentLeads?.map((l) => l.name)).toEqual(["New", "Old"]);
    expect(d.recentLeads?.[0]?.contentTitle).toBe("Set");
    expect(d.recentComments?.map((c) => c.text)).toEqual(["Great"]);
    // Showing leads is a read of personal data: audited like the leads list, without the data.
    const audit = await auditRows(h.prisma, companyId);
    expect(audit.at(-1)?.details).toEqual({ operation: "dashboard", count: 2 });
  });
});

describe("checklist actions", () => {
  it("records the first copy of the link and dismisses only a complete checklist", async () => {
    const fresh = (await createTenant(h.prisma, { slug: "dash-new" })).id;
    await h.createUser({ email: "new@dash.test", role: "admin", companyId: fresh });
    await h.actAs("new@dash.test");
    expect(await actions.dismissChecklistAction()).toEqual({ ok: true, data: undefined });
    let company = await h.prisma.company.findUniqueOrThrow({ where: { id: fresh } });
    expect(company.checklistDismissedAt).toBeNull();

    expect(await actions.markLinkSharedAction()).toMatchObject({ ok: true });
    company = await h.prisma.company.findUniqueOrThrow({ where: { id: fresh } });
    const first = company.linkSharedAt;
    expect(first).toBeInstanceOf(Date);
    await actions.markLinkSharedAction();
    company = await h.prisma.company.findUniqueOrThrow({ where: { id: fresh } });
    expect(company.linkSharedAt).toEqual(first);

    const membership = await guard.requireMembership();
    expect(stepsOf(await dashboard.getDashboard(membership)).share).toBe(true);
    await h.prisma.event.create({
      data: { companyId: fresh, slug: "dash-new-show", name: "S", startsAt: new Date(), status: "published" },
    });
    await h.prisma.content.create({ data: { id: "dash-new-c", companyId: fresh, title: "S" } });
    await h.prisma.mediaFile.create({
      data: {
        companyId: fresh,
        contentId: "dash-new-c",
        kind: "photo",
        storageKey: "dash-new/1.jpg",
        originalName: "1.jpg",
        mimeType: "image/jpeg",
        sizeBytes: 10n,
        state: "processing",
      },
    });
    expect((await dashboard.getDashboard(membership)).checklist).toMatchObject({
      complete: true,
      visible: true,
    });
    await actions.dismissChecklistAction();
    expect((await dashboard.getDashboard(membership)).checklist).toMatchObject({
      complete: true,
      visible: false,
    });
    // The other company's checklist is untouched.
    const other = await h.prisma.company.findUniqueOrThrow({ where: { id: companyId } });
    expect(other.linkSharedAt).toBeNull();
    expect(other.checklistDismissedAt).toBeNull();
  });
});
