import { test as base } from "@playwright/test";
import { auditVisits, axeViolations, describeViolations, type Visit } from "./axe";
import { expect, test } from "./fixtures";
import { tenantOrigin, waitForHydration } from "./public-helpers";

/**
 * Issue #16: axe (WCAG 2.x A/AA) on every public page, in the light and the dark scheme, and
 * no console error on any of them (the `/favicon.ico` 404, CSP reports). One test per scheme
 * and group walks its pages in one tab and fails once, listing every problem by page, scheme,
 * rule and element.
 */

const GROUPS: Record<string, Visit[]> = {
  "marketing and legal": [
    { name: "home", path: "/" },
    { name: "privacy", path: "/privacy" },
    { name: "terms", path: "/terms" },
    { name: "cookies", path: "/cookies" },
    { name: "platform 404", path: "/no-such-page/at-all", status: 404 },
  ],
  "sign-in and sign-up": [
    { name: "auth: sign in", path: "/auth" },
    { name: "auth: sign up", path: "/auth?mode=signup" },
    { name: "auth: forgot password", path: "/auth/forgot-password" },
    { name: "auth: reset password (no token)", path: "/auth/reset-password" },
    { name: "auth: reset password (token)", path: "/auth/reset-password?token=not-a-real-token" },
    { name: "e-mail confirmation", path: "/email-confirmation" },
    { name: "invitation (unknown)", path: "/invite/not-a-real-invitation" },
  ],
  "tenant pages": [
    { name: "tenant landing", path: "/demo" },
    { name: "event page", path: "/demo/evento/festival-de-verao" },
    { name: "company-less event page", path: "/event/festival-de-verao" },
    { name: "photo player", path: "/demo/player/seed-festival-palco-principal" },
    { name: "video player", path: "/demo/player/seed-festival-aftermovie" },
    { name: "audio player", path: "/player/seed-festival-abertura" },
    { name: "lead-gated document", path: "/player/seed-noite-acustica-alinhamento" },
    { name: "tenant terms", path: "/demo/termos" },
    { name: "tenant privacy", path: "/demo/privacidade" },
    { name: "tenant 404", path: "/demo/evento/no-such-event", status: 404 },
  ],
  "tenant host": [
    { name: "tenant host landing", path: (b) => `${tenantOrigin(b, "demo")}/` },
    { name: "tenant host event", path: (b) => `${tenantOrigin(b, "demo")}/evento/festival-de-verao` },
    { name: "tenant host player", path: (b) => `${tenantOrigin(b, "demo")}/player/seed-festival-abertura` },
    { name: "tenant host terms", path: (b) => `${tenantOrigin(b, "demo")}/termos` },
    { name: "tenant host 404", path: (b) => `${tenantOrigin(b, "demo")}/no-such-page`, status: 404 },
  ],
};

for (const scheme of ["light", "dark"] as const) {
  test.describe(`${scheme} scheme`, () => {
    test.use({ colorScheme: scheme });

    for (const [group, visits] of Object.entries(GROUPS)) {
      test(`${group}: no axe violation, no console error`, async ({ page, baseURL }) => {
        test.setTimeout(visits.length * 20_000);
        const problems = await auditVisits(page, baseURL!, scheme, visits);
        expect(problems, problems.join("\n")).toEqual([]);
      });
    }
  });
}

base.describe("the cookie banner", () => {
  for (const scheme of ["light", "dark"] as const) {
    base(`${scheme}: no axe violation in the banner`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto("/terms");
      await waitForHydration(page);
      if (scheme === "dark") await expect(page.locator("html.dark")).toBeAttached();
      const banner = page.getByRole("region", { name: "Utilizamos cookies" });
      await expect(banner).toBeVisible();
      const violations = describeViolations(`cookie banner (${scheme})`, await axeViolations(page));
      expect(violations, violations.join("\n")).toEqual([]);
    });
  }
});

test("the platform's icons answer, and a tenant's pages keep the tenant's logo as their icon", async ({
  page,
  request,
  baseURL,
}) => {
  // Through the browser: only Chromium resolves every *.localhost name to the loopback.
  for (const origin of [baseURL!, tenantOrigin(baseURL!, "demo")]) {
    const favicon = await page.goto(`${origin}/favicon.ico`);
    expect(favicon?.status(), `${origin}/favicon.ico`).toBe(200);
    expect(favicon?.headers()["content-type"]).toMatch(/image\//);
  }
  await page.goto("/terms");
  const platformIcons = page.locator('head link[rel="icon"], head link[rel="apple-touch-icon"]');
  await expect(platformIcons.first()).toBeAttached();
  for (const href of await platformIcons.evaluateAll((links) =>
    links.map((l) => (l as HTMLLinkElement).href),
  )) {
    expect((await request.get(href)).status(), href).toBe(200);
  }
  await page.goto("/demo");
  // The demo company has a logo: its pages' icon is the logo's public route, not the platform's.
  await expect(page.locator('head link[rel="icon"]').first()).toHaveAttribute("href", /\/api\/media\//);
});
