import { randomUUID } from "node:crypto";
import { adminOfNewCompany, sql } from "./auth-support";
import { axeViolations } from "./axe";
import { expect, test } from "./fixtures";

/**
 * Issue #14: a Professional admin adds a custom domain and sees the exact records to create
 * (CNAME to the app's host, the ownership TXT with the stored token) and the pending state;
 * Starter sees the plan gate; axe finds nothing on the Domains page in light and dark.
 */

// An operator's hand-set plan is kept in `company.plan`, like a paid one (lib/billing).
const professional = (companyId: string) =>
  sql(`update company set plan = 'professional' where id = $1`, [companyId]);

test("a Professional admin adds a custom domain and sees its records and the pending state", async ({
  page,
  context,
  baseURL,
}) => {
  const { companyId } = await adminOfNewCompany(context, "Domain Night Co");
  await professional(companyId);
  const hostname = `photos.e2e-${randomUUID().slice(0, 8)}.com`;

  await page.goto("/admin/settings");
  await page.getByRole("link", { name: /Domains/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Domains" })).toBeVisible();
  await expect(page.getByTestId("dns-provider-note")).toContainText("Wildcard DNS");

  await page.getByLabel("Domain", { exact: true }).fill(`  ${hostname.toUpperCase()} `);
  await page.getByRole("button", { name: "Add domain" }).click();
  await expect(page.getByText(`${hostname} added.`)).toBeVisible();

  const [row] = await sql<{ verificationToken: string }>(
    `select "verificationToken" from domain where hostname = $1 and "companyId" = $2`,
    [hostname, companyId],
  );
  expect(row?.verificationToken).toMatch(/^[0-9a-f]{32}$/);

  const item = page.getByTestId("custom-domain").filter({ hasText: hostname });
  const records = item.getByTestId("dns-records");
  const appHost = new URL(baseURL!).hostname;
  await expect(records.getByRole("row", { name: new RegExp(`^CNAME ${hostname}`) })).toContainText(appHost);
  await expect(records.getByRole("row", { name: /^TXT/ })).toContainText(`_afterglow.${hostname}`);
  await expect(records.getByRole("row", { name: /^TXT/ })).toContainText(
    `afterglow-verify=${row!.verificationToken}`,
  );
  await expect(item.getByTestId("domain-status")).toHaveText("Pending");
  // The background check may already have run (this machine's DNS knows no such name).
  await expect(item.getByTestId("dns-state")).toHaveText(/Checking|Not found/);
  await expect(item.getByRole("button", { name: `Check again: ${hostname}` })).toBeVisible();

  // Removal asks first, then the domain is gone.
  await item.getByRole("button", { name: "Remove" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Remove" }).click();
  await expect(page.getByText(`${hostname} removed.`)).toBeVisible();
  await expect(page.getByTestId("custom-domain").filter({ hasText: hostname })).toHaveCount(0);
  expect(await sql(`select 1 from domain where hostname = $1`, [hostname])).toHaveLength(0);
});

test("Starter sees the plan gate with a link to the subscription page", async ({ page, context }) => {
  const { companyId } = await adminOfNewCompany(context, "Domain Starter Co");
  await page.goto("/admin/settings/domains");
  const gate = page.getByTestId("domains-plan-gate");
  await expect(gate).toContainText("Professional");
  await expect(gate.getByRole("link", { name: "See plans" })).toHaveAttribute(
    "href",
    /\/admin\/subscription$/,
  );
  await expect(page.getByRole("button", { name: "Add domain" })).toHaveCount(0);
  await expect(page.getByTestId("domains-lapsed")).toHaveCount(0);

  // A domain made live on an earlier plan: the organiser is told where its visitors go now.
  const hostname = `lapsed-${randomUUID().slice(0, 8)}.com`;
  await sql(
    `insert into domain (id, "companyId", hostname, kind, status, "updatedAt") values ($1, $2, $3, 'custom', 'active', now())`,
    [randomUUID(), companyId, hostname],
  );
  await page.reload();
  await expect(page.getByTestId("domains-lapsed")).toContainText(
    "links and QR codes printed with them keep working",
  );
  await expect(page.getByTestId("custom-domain").filter({ hasText: hostname })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

for (const scheme of ["light", "dark"] as const) {
  test(`axe: no violations on the Domains page (${scheme})`, async ({ page, context }) => {
    const { companyId } = await adminOfNewCompany(context, `Axe Domains ${scheme}`);
    await professional(companyId);
    await sql(
      `insert into domain (id, "companyId", hostname, kind, "verificationToken", "lastError", attempts, "updatedAt")
       values ($1, $2, $3, 'custom', 'e2etoken', 'txtMissing', 2, now()),
              ($4, $2, $5, 'subdomain', null, null, 0, now())`,
      [
        randomUUID(),
        companyId,
        `axe-${scheme}-${randomUUID().slice(0, 8)}.com`,
        randomUUID(),
        `axe-${scheme}-${randomUUID().slice(0, 8)}.localhost`,
      ],
    );
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto("/admin/settings/domains");
    await expect(page.getByRole("heading", { level: 1, name: "Domains" })).toBeVisible();
    await expect(page.getByTestId("dns-records")).toBeVisible();
    if (scheme === "dark") await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    else await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
    expect(await axeViolations(page)).toEqual([]);
  });
}
