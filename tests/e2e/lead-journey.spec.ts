import { readFile, stat } from "node:fs/promises";
import { axeLightAndDark } from "./axe";
import { createUser, demoCompanyId, startSession, uniqueEmail } from "./auth-support";
import { expect, test } from "./fixtures";
import { setLocale, skipCookieBanner } from "./public-helpers";

/**
 * Issue #6's loop end to end: a fan opens a lead-gated item, is asked for name and e-mail,
 * gets the file; the organiser then finds that lead in the leads list and in the CSV.
 * The fan's e-mail is unique, so the demo tenant's other numbers are not disturbed.
 */
test("a fan's gated download becomes a lead the admin sees and exports", async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("journey-fan");
  const fanName = 'Marta, "the" Fan';

  // ── The fan, in English, on a phone-sized screen.
  const fan = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  await skipCookieBanner(fan);
  await setLocale(fan, baseURL!, "en");
  const player = await fan.newPage();
  await player.goto("/player/seed-noite-acustica-alinhamento");
  await player.getByRole("button", { name: "Download", exact: true }).click();
  const dialog = player.getByRole("dialog", { name: "Download the file" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Download", exact: true }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Please fill in name and email");

  await dialog.getByLabel("Name", { exact: true }).fill(fanName);
  await dialog.getByLabel("E-mail", { exact: true }).fill(email);
  // The news box is separate and unticked: leaving an e-mail for a download is not newsletter consent.
  const news = dialog.getByRole("checkbox", { name: /news and offers by e-mail/ });
  await expect(news).not.toBeChecked();
  await dialog.getByRole("checkbox", { name: /privacy policy/ }).check();
  await news.check();
  await axeLightAndDark(player, '[role="dialog"]');
  const download = player.waitForEvent("download");
  await dialog.getByRole("button", { name: "Download", exact: true }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("noite-acustica-alinhamento.pdf");
  const bytes = await readFile((await file.path())!);
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  expect((await stat((await file.path())!)).size).toBeGreaterThan(100);
  await fan.close();

  // ── The organiser: a manager of the demo company (may view and export leads).
  const organiser = await browser.newContext({ baseURL });
  await skipCookieBanner(organiser);
  await setLocale(organiser, baseURL!, "en");
  const managerEmail = uniqueEmail("journey-manager");
  await createUser({ email: managerEmail, role: "manager", companyId: await demoCompanyId() });
  await startSession(organiser, managerEmail);
  const admin = await organiser.newPage();
  await admin.goto("/admin");
  await admin.getByRole("link", { name: "Leads" }).first().click();
  await expect(admin.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
  await admin.getByRole("searchbox", { name: "Search" }).fill(email);
  await admin.getByRole("button", { name: "Apply" }).click();
  const rows = admin.getByTestId("lead-row");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(fanName);
  await expect(rows.first()).toContainText(email);
  await expect(rows.first()).toContainText("Alinhamento");
  await expect(rows.first().getByTestId("lead-marketing")).toHaveText("Yes");

  const [csvDownload] = await Promise.all([
    admin.waitForEvent("download"),
    admin.getByRole("link", { name: "Export filtered CSV" }).click(),
  ]);
  const csv = (await readFile((await csvDownload.path())!)).toString("utf8");
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  const lines = csv.slice(1).trimEnd().split("\r\n");
  // The search is part of the export: the header and exactly this fan.
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`,"Marta, ""the"" Fan",${email},`);
  // consent, its date, then the news box's answer and its date.
  expect(lines[1]).toMatch(/,yes,[\dT:.Z-]+,yes,[\dT:.Z-]+,/);
  await organiser.close();
});
