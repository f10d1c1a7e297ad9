import { adminOfNewCompany, createCompany, createUser, sql, startSession, uniqueEmail } from "./auth-support";
import { axeLightAndDark } from "./axe";
import { expect, test } from "./fixtures";
import { setLocale } from "./public-helpers";

/**
 * System status (Settings → System status, admins only) through the real UI: reached from the
 * admin navigation, the services' health, the audit log filtered by action (after an action
 * that writes a row: opening the leads list) and by days, paged with the filter kept, axe in
 * light and dark; a manager is neither offered the page nor shown it.
 */

/** `days` days from today, as a date input's value (UTC, as the log's day filters are). */
const isoDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const PARTS = [
  "Database",
  "File storage",
  "Job queue",
  "Background worker",
  "E-mail (SMTP)",
  "Payments (Stripe)",
  "DNS provider (domains)",
];

test("an admin opens the system status from the navigation, filters and pages the audit log", async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const { companyId, email } = await adminOfNewCompany(context, "Status Co");
  const [admin] = await sql<{ id: string }>(`select id from "user" where email = $1`, [email]);
  // More sign-ins than one page holds (25), a minute apart and older than anything the test
  // does: the paging below needs a second page.
  await sql(
    `insert into session_audit (id, action, "tableName", "userId", "companyId", "createdAt")
     select gen_random_uuid()::text, 'session_started', 'session', $1, $2, now() - n * interval '1 minute'
     from generate_series(1, 30) as n`,
    [admin!.id, companyId],
  );

  const nav = page.getByRole("navigation", { name: "Admin navigation" });
  await page.goto("/admin");
  // Opening the leads list is audited (lead_data_access): the row the filter finds below.
  await nav.getByRole("link", { name: "Leads" }).click();
  await expect(page.getByRole("heading", { name: "Leads", level: 1 })).toBeVisible();
  await nav.getByRole("link", { name: "Settings" }).click();
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: /System status/ }).click();
  await expect(page).toHaveURL(/\/admin\/status$/);
  await expect(page.getByRole("heading", { name: "System status", level: 1 })).toBeVisible();

  // The health of every service, each in one of its three states; the test's database answers.
  await expect(page.getByRole("heading", { name: "Services" })).toBeVisible();
  for (const part of PARTS) await expect(page.getByRole("term").filter({ hasText: part })).toBeVisible();
  await expect(page.getByTestId("part-database-state")).toHaveText("Operational");
  const parts = page.locator('[data-testid^="part-"][data-state]');
  await expect(parts).toHaveCount(PARTS.length);
  for (const part of await parts.all())
    await expect(part).toHaveAttribute("data-state", /^(ok|error|not_configured)$/);

  // The whole log, newest first: the leads visit above the seeded sign-ins, a page's worth.
  await expect(page.getByRole("heading", { name: "Audit log" })).toBeVisible();
  const what = page.getByTestId("audit-what");
  await expect(what).toHaveCount(25);
  await expect(what.first()).toHaveText("Viewed the leads list");

  // Filtered by the action: only the leads visits, with who did it and the raw record folded.
  const filters = page.getByRole("search", { name: "Filter the audit log" });
  await filters.getByLabel("Action").selectOption({ label: "Lead data access" });
  await filters.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/[?&]action=lead_data_access(&|$)/);
  await expect(filters.getByLabel("Action")).toHaveValue("lead_data_access");
  await expect(what.first()).toHaveText("Viewed the leads list");
  for (const cell of await what.allTextContents()) expect(cell).toBe("Viewed the leads list");
  const row = page.getByTestId("audit-table").getByRole("row").filter({ has: what }).first();
  await expect(row).toContainText(email);
  await row.getByText("Technical data").click();
  await expect(row.locator("pre")).toContainText('"operation": "list"');
  await expect(page.getByRole("navigation", { name: "Pages" })).toHaveCount(0);
  await axeLightAndDark(page);

  // Days after today: no row matches, and the way back is offered.
  await filters.getByLabel("From").fill(isoDay(1));
  await filters.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]from=${isoDay(1)}(&|$)`));
  await expect(page.getByTestId("audit-empty")).toContainText("No audit records match these filters.");
  await expect(filters.getByLabel("From")).toHaveValue(isoDay(1));

  // The sign-ins: 30 rows, so two pages; the filter stays in the paging links.
  await filters.getByLabel("From").fill("");
  await filters.getByLabel("Action").selectOption({ label: "Session started" });
  await filters.getByRole("button", { name: "Filter" }).click();
  await expect(what).toHaveCount(25);
  for (const cell of await what.allTextContents()) expect(cell).toBe("Signed in");
  const pages = page.getByRole("navigation", { name: "Pages" });
  await expect(pages.getByRole("link", { name: "Previous page" })).toHaveCount(0);
  await pages.getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(/[?&]cursor=/);
  await expect(page).toHaveURL(/[?&]action=session_started(&|$)/);
  await expect(what).toHaveCount(5);
  await expect(pages.getByRole("link", { name: "Next page" })).toHaveCount(0);
  await pages.getByRole("link", { name: "Previous page" }).click();
  await expect(what).toHaveCount(25);
  await expect(pages.getByRole("link", { name: "Previous page" })).toHaveCount(0);

  await filters.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/admin\/status$/);
  await expect(filters.getByLabel("Action")).toHaveValue("");
  await expect(what.first()).toHaveText("Viewed the leads list");
});

test("a manager is not offered the system status, and opening it says only administrators may", async ({
  page,
  context,
  baseURL,
}) => {
  await setLocale(context, baseURL!, "en");
  const email = uniqueEmail("status-manager");
  await createUser({ email, role: "manager", companyId: await createCompany("Status Manager Co") });
  await startSession(context, email);

  await page.goto("/admin");
  await page
    .getByRole("navigation", { name: "Admin navigation" })
    .getByRole("link", { name: "Settings" })
    .click();
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  // What a manager may open is still listed; the status is not.
  await expect(page.getByRole("link", { name: /Your sessions/ })).toBeVisible();
  await expect(page.getByRole("link", { name: /System status/ })).toHaveCount(0);

  await page.goto("/admin/status");
  await expect(
    page.getByRole("alert").filter({ hasText: "Only administrators can see the system status." }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Services" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Audit log" })).toHaveCount(0);
});
