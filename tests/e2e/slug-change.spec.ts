import { randomUUID } from "node:crypto";
import { adminOfNewCompany, createCompany, createPublishedGallery, sql } from "./auth-support";
import { axeViolations } from "./axe";
import { expect, test } from "./fixtures";

/**
 * Settings → Address (#14): an admin sees the company's public addresses, copies one, is told
 * a taken slug is taken, changes the slug after confirming, and the old address — the landing
 * page and an event page — redirects permanently to the new one.
 */

const slugOf = async (companyId: string) =>
  (await sql<{ slug: string }>(`select slug from company where id = $1`, [companyId]))[0]!.slug;

test("an admin changes the company's address and the old one redirects", async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { companyId } = await adminOfNewCompany(context, "Address Night Co");
  const oldSlug = await slugOf(companyId);
  const { eventSlug } = await createPublishedGallery(companyId, "Address Night");
  const takenSlug = await slugOf(await createCompany("Someone Else"));
  const newSlug = `moved-${oldSlug.slice(4)}`;
  const origin = new URL(baseURL!);

  // From the settings index to the Address page.
  await page.goto("/admin/settings");
  await page.getByRole("link", { name: /^Address/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Address" })).toBeVisible();
  const pathAddress = `${origin.origin}/${oldSlug}`;
  const subdomainAddress = `${origin.protocol}//${oldSlug}.${origin.host}`;
  await expect(page.getByText(pathAddress, { exact: true })).toBeVisible();
  await expect(page.getByText(subdomainAddress, { exact: true })).toBeVisible();
  await expect(page.getByText("No custom domain yet.")).toBeVisible();

  // Copy, by keyboard; the result is announced.
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: origin.origin });
  await page.getByRole("button", { name: `Copy ${pathAddress}` }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: `Copied ${pathAddress}` })).toBeAttached();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(pathAddress);

  // axe, light and dark.
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await page.reload();
    await expect(page.locator("html")).toHaveClass(colorScheme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    await expect(page.getByText("This is your current address name.")).toBeVisible();
    expect(await axeViolations(page), colorScheme).toEqual([]);
  }

  // A taken slug is refused as the admin types; the button stays disabled.
  const input = page.getByLabel("Address name (slug)");
  const change = page.getByRole("button", { name: "Change address" });
  await input.fill(takenSlug);
  await expect(page.getByText("Taken by another company.")).toBeVisible();
  await expect(change).toBeDisabled();
  await input.fill("termos");
  await expect(page.getByText("Reserved by the platform.")).toBeVisible();

  // A free one, confirmed in the dialog that explains the redirect and the hold.
  await input.fill(newSlug);
  await expect(page.getByText("Available", { exact: true })).toBeVisible();
  await change.click();
  const dialog = page.getByRole("dialog", { name: "Change your public address?" });
  await expect(dialog).toContainText("90 days");
  expect(await axeViolations(page, "[role=dialog]"), "dialog").toEqual([]);
  await dialog.getByRole("button", { name: "Change address" }).click();
  await expect(page.getByText(`Your address is now ${newSlug}.`)).toBeVisible();
  await expect(page.getByText(`${origin.origin}/${newSlug}`, { exact: true })).toBeVisible();
  expect(await slugOf(companyId)).toBe(newSlug);

  // The old addresses answer a permanent redirect to the same page under the new slug.
  const landing = await page.request.get(`/${oldSlug}?ref=qr`, { maxRedirects: 0 });
  expect(landing.status()).toBe(308);
  // (Next.js writes a same-origin Location as a path.)
  expect(new URL(landing.headers()["location"]!, origin).href).toBe(`${origin.origin}/${newSlug}?ref=qr`);
  await page.goto(`/${oldSlug}/evento/${eventSlug}`);
  await expect(page).toHaveURL(`${origin.origin}/${newSlug}/evento/${eventSlug}`);
  await expect(page.getByRole("heading", { name: "Address Night" }).first()).toBeVisible();
});

test("the running app serves an active custom domain as soon as it is announced, and no foreign host", async ({
  request,
}) => {
  const companyId = await createCompany("Custom Host Co");
  // Custom domains route while the plan includes them (Professional and above).
  await sql(`update company set plan = 'professional' where id = $1`, [companyId]);
  const slug = await slugOf(companyId);
  const hostname = `${slug}.custom.e2e.test`;
  const visit = (host: string) => request.get("/", { headers: { host }, maxRedirects: 0 });

  // A host whose first label is a tenant, but which is not ours: a plain 404, not its pages.
  const foreign = await visit(`${slug}.evil.test`);
  expect(foreign.status()).toBe(404);
  expect(await foreign.text()).not.toContain("Custom Host Co");
  expect((await visit(hostname)).status()).toBe(404);

  // Active, and announced on the routing channel: the proxy's table reloads (LISTEN) and serves it.
  await sql(
    `insert into domain (id, "companyId", hostname, kind, status, "updatedAt") values ($1, $2, $3, 'custom', 'active', now())`,
    [randomUUID(), companyId, hostname],
  );
  await sql(`select pg_notify('afterglow_routing', '')`);
  await expect.poll(async () => (await visit(hostname)).status()).toBe(200);
  expect(await (await visit(hostname)).text()).toContain("Custom Host Co");
});

test("a custom domain whose plan lapsed redirects to the company's page, and comes back with the plan", async ({
  request,
  baseURL,
}) => {
  const companyId = await createCompany("Lapsed Host Co");
  await sql(`update company set plan = 'professional' where id = $1`, [companyId]);
  const slug = await slugOf(companyId);
  const hostname = `${slug}.lapsed.e2e.test`;
  const visit = (path: string) => request.get(path, { headers: { host: hostname }, maxRedirects: 0 });
  await sql(
    `insert into domain (id, "companyId", hostname, kind, status, "updatedAt") values ($1, $2, $3, 'custom', 'active', now())`,
    [randomUUID(), companyId, hostname],
  );
  await sql(`select pg_notify('afterglow_routing', '')`);
  await expect.poll(async () => (await visit("/")).status()).toBe(200);

  // The trial ends / the plan drops: a printed QR code's link, and any page, go to the company's
  // own page on the app's host (it has no live subdomain) for as long as the plan lacks domains.
  await sql(`update company set plan = 'starter' where id = $1`, [companyId]);
  await sql(`select pg_notify('afterglow_routing', '')`);
  await expect.poll(async () => (await visit("/s/abc123?ch=qr")).status()).toBe(302);
  const qr = await visit("/s/abc123?ch=qr");
  const app = new URL(baseURL!);
  expect(qr.headers()["location"]).toBe(`${app.origin}/s/abc123?ch=qr`);
  expect(qr.headers()["cache-control"]).toBe("no-store");
  expect((await visit("/")).headers()["location"]).toBe(`${app.origin}/${slug}`);
  expect((await visit("/evento/x?a=1")).headers()["location"]).toBe(`${app.origin}/${slug}/evento/x?a=1`);

  await sql(`update company set plan = 'professional' where id = $1`, [companyId]);
  await sql(`select pg_notify('afterglow_routing', '')`);
  await expect.poll(async () => (await visit("/")).status()).toBe(200);
});
