import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { createCompany, createUser, startSession, sql, uniqueEmail } from "./auth-support";
import { expect, test } from "./fixtures";

/**
 * The leads page of a company of its own: the list, search, the CSV download (BOM, RFC 4180
 * escaping), one person's data, and deleting a lead after a confirmation.
 */

const TRICKY = 'Silva, "Zé" Jr';

test("an admin lists, searches, exports and deletes leads", async ({ page, context, baseURL }) => {
  test.setTimeout(90_000);
  await context.addCookies([{ name: "NEXT_LOCALE", value: "en", url: baseURL! }]);
  const companyId = await createCompany("Leads Co");
  const email = uniqueEmail("leads-admin");
  await createUser({ email, role: "admin", companyId });

  const contentId = randomUUID();
  await sql(
    `insert into content (id, "companyId", title, kind, status, "requiresLead", "updatedAt")
     values ($1, $2, 'Setlist PDF', 'single', 'published', true, now())`,
    [contentId, companyId],
  );
  const lead = (name: string, mail: string, minutesAgo: number, source: string | null = null) =>
    sql(
      `insert into lead (id, "companyId", "contentId", name, email, consent, "consentAt", source, "createdAt", "updatedAt")
       values ($1, $2, $3, $4, $5, true, now(), $7, now() - make_interval(mins => $6), now())`,
      [randomUUID(), companyId, contentId, name, mail, minutesAgo, source],
    );
  await lead("Ana Sousa", "ana@fans.test", 3);
  await lead(TRICKY, "ze@fans.test", 2, "ref:instagram.com");
  await lead("Bruno Costa", "bruno@fans.test", 1, "ch:whatsapp");

  await startSession(context, email);
  await page.goto("/admin/leads");
  await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
  const rows = page.getByTestId("lead-row");
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText("Bruno Costa");
  await expect(page.getByText("3 leads")).toBeVisible();
  await expect(rows.filter({ hasText: TRICKY })).toContainText("Setlist PDF");
  // Each lead's source, by its label.
  await expect(rows.first().getByTestId("lead-source")).toHaveText("WhatsApp");
  await expect(rows.filter({ hasText: TRICKY }).getByTestId("lead-source")).toHaveText("instagram.com");
  await expect(rows.filter({ hasText: "Ana Sousa" }).getByTestId("lead-source")).toHaveText("Direct");

  // Search (a GET form: the filters end up in the URL).
  await page.getByRole("searchbox", { name: "Search" }).fill("BRUNO");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/[?&]q=BRUNO/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("bruno@fans.test");
  await page.getByRole("searchbox", { name: "Search" }).fill("nobody-like-this");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("No leads match these filters.")).toBeVisible();
  await page.getByRole("link", { name: "Clear filters" }).first().click();
  await expect(rows).toHaveCount(3);
  // The form starts again from the URL (a client navigation kept the old text in the box).
  await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue("");

  // The CSV: UTF-8 with BOM, header, the tricky name quoted with its quotes doubled.
  const [csvDownload] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  expect(csvDownload.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await csvDownload.path())!);
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = csv.subarray(3).toString("utf8");
  const lines = text.split("\r\n");
  expect(lines[0]).toBe(
    "id,name,email,phone,company,consent,consent_date,marketing_consent,marketing_consent_date,content,event,source,locale,created_at,updated_at",
  );
  expect(lines).toHaveLength(5);
  expect(lines[2]).toContain(',"Silva, ""Zé"" Jr",ze@fans.test,,,yes,');
  expect(lines[1]).toContain(",Bruno Costa,bruno@fans.test,");
  expect(lines[1]).toContain(",Setlist PDF,,WhatsApp,");
  expect(lines[3]).toContain(",Setlist PDF,,direct,");

  // One person's data, as JSON.
  const [personDownload] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export data for Ana Sousa" }).click(),
  ]);
  const person = JSON.parse(await readFile((await personDownload.path())!, "utf8")) as {
    email: string;
    leads: { name: string }[];
  };
  expect(person.email).toBe("ana@fans.test");
  expect(person.leads.map((l) => l.name)).toEqual(["Ana Sousa"]);

  // Delete, after the confirmation.
  await page.getByRole("button", { name: "Delete Bruno Costa" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete this lead?" });
  await expect(dialog).toContainText("bruno@fans.test");
  await dialog.getByRole("button", { name: "Delete lead" }).click();
  await expect(page.getByText("Lead deleted")).toBeVisible();
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: "Bruno Costa" })).toHaveCount(0);
  expect(
    await sql(`select id from lead where "companyId" = $1 and email = 'bruno@fans.test'`, [companyId]),
  ).toEqual([]);
  const audits = await sql<{ operation: string }>(
    `select details->>'operation' as operation from session_audit where "companyId" = $1 and action = 'lead_data_access'`,
    [companyId],
  );
  expect(new Set(audits.map((a) => a.operation))).toEqual(
    new Set(["list", "export_csv", "export_person", "delete"]),
  );
});
