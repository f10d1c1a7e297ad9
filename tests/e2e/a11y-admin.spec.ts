import { createUser, demoCompanyId, sql, startSession, uniqueEmail } from "./auth-support";
import { auditVisits, type Visit } from "./axe";
import { expect, test } from "./fixtures";
import { skipCookieBanner } from "./public-helpers";

/**
 * Issue #16: axe (WCAG 2.x A/AA) on every admin page, light and dark, with no console error.
 * One admin of the demo company (its seeded events, contents, leads and figures fill the pages)
 * per test; each test walks a group of pages in one tab and lists every problem at once.
 */

async function demoIds() {
  const [event] = await sql<{ id: string }>(`select id from event where slug = 'festival-de-verao'`);
  return { eventId: event!.id, contentId: "seed-festival-palco-principal" };
}

const groups = (ids: { eventId: string; contentId: string }): Record<string, Visit[]> => ({
  "dashboard, content and events": [
    { name: "dashboard", path: "/admin" },
    { name: "content list", path: "/admin/content" },
    { name: "new content", path: "/admin/content/new" },
    { name: "content edit", path: `/admin/content/${ids.contentId}` },
    { name: "events list", path: "/admin/events" },
    { name: "new event", path: "/admin/events/new" },
    { name: "event edit", path: `/admin/events/${ids.eventId}` },
    // Its status (the signed-in area streams) is not this walk's subject: what it shows is.
    { name: "admin not-found page", path: "/admin/no-such-page" },
  ],
  "leads, analytics, account and billing": [
    { name: "leads", path: "/admin/leads" },
    { name: "analytics", path: "/admin/analytics" },
    { name: "status", path: "/admin/status" },
    { name: "subscription", path: "/admin/subscription" },
    { name: "account", path: "/account" },
  ],
  settings: [
    { name: "settings", path: "/admin/settings" },
    { name: "settings: address", path: "/admin/settings/address" },
    { name: "settings: branding", path: "/admin/settings/branding" },
    { name: "settings: company data", path: "/admin/settings/company-data" },
    { name: "settings: domains", path: "/admin/settings/domains" },
    { name: "settings: landing page", path: "/admin/settings/landing-page" },
    { name: "settings: languages", path: "/admin/settings/languages" },
    { name: "settings: legal", path: "/admin/settings/legal" },
    { name: "settings: security", path: "/admin/settings/security" },
    { name: "settings: sessions", path: "/admin/settings/sessions" },
    { name: "settings: team", path: "/admin/settings/team" },
    { name: "settings: watermark", path: "/admin/settings/watermark" },
  ],
});

for (const scheme of ["light", "dark"] as const) {
  test.describe(`${scheme} scheme`, () => {
    test.use({ colorScheme: scheme });

    for (const group of Object.keys(groups({ eventId: "", contentId: "" }))) {
      test(`admin ${group}: no axe violation, no console error`, async ({ page, context, baseURL }) => {
        const email = uniqueEmail("a11y-admin");
        await createUser({ email, role: "admin", companyId: await demoCompanyId() });
        await startSession(context, email);
        const visits = groups(await demoIds())[group]!;
        test.setTimeout(visits.length * 20_000);
        const problems = await auditVisits(page, baseURL!, scheme, visits);
        expect(problems, problems.join("\n")).toEqual([]);
      });
    }

    test("onboarding and access denied: no axe violation, no console error", async ({ browser, baseURL }) => {
      const problems: string[] = [];
      for (const [name, path, role] of [
        ["onboarding", "/onboarding", undefined],
        ["access denied (role user)", "/admin", "user"],
      ] as const) {
        const context = await browser.newContext({ colorScheme: scheme, baseURL });
        const email = uniqueEmail("a11y-person");
        await createUser({ email, role, companyId: role ? await demoCompanyId() : undefined });
        await skipCookieBanner(context);
        await startSession(context, email);
        const page = await context.newPage();
        problems.push(...(await auditVisits(page, baseURL!, scheme, [{ name, path }])));
        await context.close();
      }
      expect(problems, problems.join("\n")).toEqual([]);
    });
  });
}
