import { axeLightAndDark } from "./axe";
import { adminOfNewCompany, createUser, sql, startSession, uniqueEmail } from "./auth-support";
import { expect, test } from "./fixtures";
import { waitForHydration } from "./public-helpers";

// Settings → Team (issue #34 row 7): an admin demotes a manager to user and removes another
// member through the real page, each through its confirmation dialog; the removed member's
// browser is signed out at once, the demoted one's is refused the admin area. axe is clean on
// the page and on the dialogs, light and dark.

test("an admin demotes a manager and removes a member, each confirmed; both lose the admin area", async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(90_000);
  const { companyId } = await adminOfNewCompany(context, "Crew Co");
  const managerEmail = uniqueEmail("manager");
  const memberEmail = uniqueEmail("member");
  const managerId = await createUser({
    email: managerEmail,
    name: "Maria Manager",
    role: "manager",
    companyId,
  });
  const memberId = await createUser({ email: memberEmail, name: "Rui Roadie", role: "manager", companyId });

  // Both are signed in elsewhere, in the admin area.
  const others = await Promise.all([browser.newContext(), browser.newContext()]);
  const [managerPage, memberPage] = await Promise.all(others.map((c) => c.newPage()));
  await startSession(others[0]!, managerEmail);
  await startSession(others[1]!, memberEmail);
  for (const other of [managerPage!, memberPage!]) {
    await other.goto("/admin");
    await expect(other.getByRole("heading", { name: "Painel" })).toBeVisible();
  }

  await page.goto("/admin/settings/team");
  await expect(page.getByRole("heading", { name: "Team", level: 1 })).toBeVisible();
  await waitForHydration(page);
  await axeLightAndDark(page);

  // Nothing to confirm until another role is chosen.
  await expect(page.getByRole("button", { name: "Change role: Maria Manager" })).toBeDisabled();
  await page.getByLabel("Role of Maria Manager").selectOption("user");
  await page.getByRole("button", { name: "Change role: Maria Manager" }).click();
  const roleDialog = page.getByRole("dialog", { name: "Change the role of Maria Manager?" });
  await expect(roleDialog).toContainText("Maria Manager goes from Manager to User.");
  await axeLightAndDark(page, '[role="dialog"]');
  await roleDialog.getByRole("button", { name: "Make User" }).click();
  await expect(page.getByText("Maria Manager is now User")).toBeVisible();
  await expect(roleDialog).toBeHidden();
  await expect
    .poll(async () => (await sql(`select role from profile where "userId" = $1`, [managerId]))[0]?.role)
    .toBe("user");

  // Removal: cancelling changes nothing; confirming removes the row.
  await page.getByRole("button", { name: "Remove: Rui Roadie" }).click();
  const removeDialog = page.getByRole("dialog", { name: "Remove Rui Roadie from the team?" });
  await expect(removeDialog).toContainText("Rui Roadie loses access to Crew Co at once");
  await axeLightAndDark(page, '[role="dialog"]');
  await removeDialog.getByRole("button", { name: "Cancel" }).click();
  await expect(removeDialog).toBeHidden();
  await expect(page.getByRole("cell", { name: "Rui Roadie", exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Remove: Rui Roadie" }).click();
  await removeDialog.getByRole("button", { name: "Remove", exact: true }).click();
  await expect(page.getByText("Rui Roadie was removed from the team")).toBeVisible();
  await expect(page.getByRole("cell", { name: "Rui Roadie", exact: true })).toHaveCount(0);
  expect(await sql(`select "companyId" from profile where "userId" = $1`, [memberId])).toEqual([
    { companyId: null },
  ]);
  expect(await sql(`select id from session where "userId" = $1`, [memberId])).toEqual([]);

  // The page after both changes, light and dark.
  await axeLightAndDark(page);

  // The removed member is signed out; the demoted one is still signed in, without the admin area.
  await memberPage!.goto("/admin/leads");
  await expect(memberPage!).toHaveURL(/\/auth\?next=%2Fadmin%2Fleads$/);
  await managerPage!.goto("/admin/leads");
  await expect(managerPage!.getByRole("heading", { name: "Acesso negado" })).toBeVisible();
  for (const other of others) await other.close();
});

test("the only admin is offered to leave but refused, in a dialog that says why", async ({
  page,
  context,
}) => {
  await adminOfNewCompany(context, "Solo Co");
  await page.goto("/admin/settings/team");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Leave the company" }).click();
  const dialog = page.getByRole("dialog", { name: "Leave Solo Co?" });
  await dialog.getByRole("button", { name: "Leave the company" }).click();
  await expect(
    page.getByText(
      "The company must keep at least one administrator. Make someone else an administrator first.",
    ),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/settings\/team$/);
});
