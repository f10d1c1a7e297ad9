import type { Page } from "@playwright/test";
import { createCompany, createUser, demoCompanyId, signInByApi, sql, uniqueEmail } from "./auth-support";
import { expect, test } from "./fixtures";
import { waitForHydration } from "./public-helpers";

/**
 * Content-Security-Policy (issue #12, hole 9): every page type gets the policy meant for it
 * (hashes on cached public pages, a fresh nonce with 'strict-dynamic' on dynamic pages), and
 * no page of any type reports a violation in the browser.
 */

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/** Records every violation, from before the page's first script, and CSP console errors. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const fromConsole: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) fromConsole.push(message.text());
  });
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener(
      "securitypolicyviolation",
      (event) => {
        window.__cspViolations!.push(
          `${event.effectiveDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber}) ${event.sample}`,
        );
      },
      true,
    );
  });
  // Drains what was recorded so far (the page's list starts again on each navigation).
  return async () => [
    ...fromConsole.splice(0),
    ...(await page.evaluate(() => (window.__cspViolations ?? []).splice(0))),
  ];
}

/** The script-src directives of every policy the response carries (one per header value). */
function scriptSources(csp: string | undefined): string[] {
  expect(csp, "a Content-Security-Policy header").toBeTruthy();
  return csp!
    .split(/[,\n]\s*(?=[a-z-]+-src\b|default-src)|;\s*/)
    .map((directive) => directive.trim())
    .filter((directive) => directive.startsWith("script-src"));
}

function nonceOf(csp: string): string {
  const nonce = /'nonce-([A-Za-z0-9+/_=-]+)'/.exec(csp)?.[1];
  expect(nonce, csp).toBeTruthy();
  return nonce!;
}

const PUBLIC_PAGES = [
  ["marketing home", "/"],
  ["tenant landing", "/demo"],
  ["event page", "/event/festival-de-verao"],
  ["photo player", "/player/seed-festival-palco-principal"],
  ["video player", "/demo/player/seed-festival-aftermovie"],
  ["audio player", "/player/seed-festival-abertura"],
] as const;

for (const [name, path] of PUBLIC_PAGES) {
  test(`${name}: no CSP violation`, async ({ page }) => {
    const violations = await watchCsp(page);
    await page.goto(path);
    await waitForHydration(page);
    // Media, waveforms and lazy images load after hydration.
    await page.waitForLoadState("networkidle");
    expect(await violations()).toEqual([]);
  });
}

test("cached public pages carry the hash policy of their HTML, never a nonce", async ({ request }) => {
  for (const [, path] of PUBLIC_PAGES) {
    for (let visit = 0; visit < 2; visit++) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      const csp = response.headers()["content-security-policy"];
      expect(csp, path).not.toContain("'nonce-");
      // The cache handler's policy: 'self' and one hash per inline script, nothing inline else.
      expect(
        scriptSources(csp).some((d) => d.includes("'sha256-") && !d.includes("unsafe-inline")),
        `${path}: ${csp}`,
      ).toBe(true);
      expect(await response.text(), path).not.toMatch(/<script[^>]*\snonce=/);
      // Still served from Next's cache (force-static keeps them cacheable, ISR included).
      if (visit === 1) expect(response.headers()["x-nextjs-cache"], path).toBe("HIT");
      if (path !== "/") expect(response.headers()["cache-control"], path).toContain("s-maxage=3600");
    }
  }
});

test("/auth: a strict nonce policy, fresh per request, on Next's scripts; no violation", async ({
  page,
  request,
}) => {
  const [first, second] = [await request.get("/auth"), await request.get("/auth")];
  for (const response of [first, second]) {
    const csp = response.headers()["content-security-policy"];
    const [script, ...others] = scriptSources(csp);
    expect(others, "one script policy only").toEqual([]);
    expect(script).toMatch(/^script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
    expect(script).not.toContain("unsafe-inline");
    expect(script).not.toContain("unsafe-eval");
    const html = await response.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonceOf(csp!)}"`);
    expect(response.headers()["cache-control"]).toMatch(/no-store|private/);
  }
  expect(nonceOf(first.headers()["content-security-policy"]!)).not.toBe(
    nonceOf(second.headers()["content-security-policy"]!),
  );

  const violations = await watchCsp(page);
  await page.goto("/auth");
  await waitForHydration(page);
  await page.waitForLoadState("networkidle");
  expect(await violations()).toEqual([]);
});

test("admin: a strict nonce policy, its own inline scripts run, no violation", async ({ browser }) => {
  const email = uniqueEmail("csp");
  const userId = await createUser({ email, role: "admin", companyId: await createCompany("CSP Co") });
  await sql(`update profile set "themePreference" = 'dark' where "userId" = $1`, [userId]);
  // A light device: only the admin's boot script (inline, nonce) can make the page dark.
  const context = await browser.newContext({ colorScheme: "light" });
  await signInByApi(context, email);

  const response = await context.request.get("/admin");
  expect(response.status()).toBe(200);
  const csp = response.headers()["content-security-policy"];
  const [script, ...others] = scriptSources(csp);
  expect(others, "one script policy only").toEqual([]);
  expect(script).toMatch(/^script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
  expect(script).not.toContain("unsafe-inline");
  for (const directive of [
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'self'",
    "form-action 'self'",
  ])
    expect(csp).toContain(directive);

  const page = await context.newPage();
  const violations = await watchCsp(page);
  await page.goto("/admin");
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await waitForHydration(page);
  await page.waitForLoadState("networkidle");
  // A client-side navigation inside the area loads more of Next's scripts.
  await page.getByRole("link", { name: "Leads" }).first().click();
  await expect(page).toHaveURL(/\/admin\/leads$/);
  await page.waitForLoadState("networkidle");
  expect(await violations()).toEqual([]);
  await context.close();
});

test("the demo company's admin pages load without violations too", async ({ browser }) => {
  const email = uniqueEmail("csp-demo");
  await createUser({ email, role: "admin", companyId: await demoCompanyId() });
  const context = await browser.newContext();
  await signInByApi(context, email);
  const page = await context.newPage();
  const violations = await watchCsp(page);
  const seen: string[] = [];
  for (const path of ["/admin/content", "/admin/events", "/admin/analytics"]) {
    await page.goto(path);
    await waitForHydration(page);
    await page.waitForLoadState("networkidle");
    seen.push(...(await violations()));
  }
  expect(seen).toEqual([]);
  await context.close();
});

test("API answers carry a deny-all policy", async ({ request }) => {
  const response = await request.get("/api/health");
  const csp = response.headers()["content-security-policy"];
  expect(csp).toContain("default-src 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
});

test("a path no route claims gets the policy of the area it is under, matching its HTML", async ({
  browser,
  request,
}) => {
  const email = uniqueEmail("csp-404");
  await createUser({ email, role: "admin", companyId: await createCompany("CSP 404 Co") });
  const context = await browser.newContext();
  await signInByApi(context, email);
  // Below the signed-in area (even where a public route would match, like `/{slug}/termos`).
  for (const [client, path] of [
    [context.request, "/admin/termos"],
    [request, "/auth/evento/x"],
    [request, "/invite"],
  ] as const) {
    const response = await client.get(path);
    // The admin area streams behind its loading state, so its not-found answers 200 (noindex).
    if (!path.startsWith("/admin")) expect(response.status(), path).toBe(404);
    const csp = response.headers()["content-security-policy"]!;
    expect(scriptSources(csp), path).toEqual([expect.stringContaining("'strict-dynamic'")]);
    for (const tag of (await response.text()).match(/<script\b[^>]*>/g) ?? [])
      expect(tag, path).toContain(`nonce="${nonceOf(csp)}"`);
  }
  // Anywhere else: a cached not-found page, with no nonce.
  const response = await request.get("/no/such/page");
  expect(response.status()).toBe(404);
  expect(response.headers()["content-security-policy"]).not.toContain("'nonce-");
  expect(await response.text()).not.toMatch(/<script[^>]*\snonce=/);
  await context.close();
});
