import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { adminOfNewCompany, baseURL, sql } from "./auth-support";
import { axeLightAndDark } from "./axe";
import { expect, test } from "./fixtures";

const run = promisify(execFile);

/**
 * The public API (issue #38) as an organiser and their developer meet it: the plan gate below
 * Enterprise; a key created in Settings → Integrations (a refused form keeps what was typed), its
 * token shown once; then a separate Node script — not the browser — lists the company's leads
 * with it, is refused a deletion its read scope does not allow, and is refused once the key is
 * revoked after confirming. Axe in light and dark.
 */

/** A script of its own, as a customer's integration would be: prints the status and body. */
const SCRIPT = `
const [url, token, method] = process.argv.slice(1);
const response = await fetch(url, { method, headers: { authorization: "Bearer " + token, "accept-language": "en" } });
console.log(JSON.stringify({ status: response.status, remaining: response.headers.get("ratelimit-remaining"), body: response.status === 204 ? null : await response.json() }));
`;
async function script(path: string, token: string, method = "GET") {
  const { stdout } = await run(process.execPath, [
    "--input-type=module",
    "-e",
    SCRIPT,
    `${baseURL}${path}`,
    token,
    method,
  ]);
  return JSON.parse(stdout) as {
    status: number;
    remaining: string | null;
    body: Record<string, unknown> & { data?: { email: string }[] };
  };
}

test("an admin creates an API key, a script uses it, and revoking it stops the script", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const { companyId } = await adminOfNewCompany(context, "Api Co");
  const [lead] = await sql<{ id: string }>(
    `insert into lead (id, "companyId", name, email, consent, "updatedAt") values ('lead-e2e-' || md5(random()::text), $1, 'Ana Fan', 'ana.fan@example.com', true, now()) returning id`,
    [companyId],
  );

  await page.goto("/admin/settings/integrations");
  await expect(page.getByTestId("api-keys-plan-gate")).toContainText(
    "The API is part of the Enterprise plan.",
  );
  await expect(page.getByRole("button", { name: "Create key" })).toHaveCount(0);

  await sql(`update company set plan = 'enterprise' where id = $1`, [companyId]);
  await page.reload();
  await expect(page.getByText("No API keys yet.")).toBeVisible();

  // Refused without a permission ticked: the name typed stays, the error names the fieldset.
  const name = page.getByLabel("Key name");
  await name.fill("CRM sync");
  await page.getByRole("button", { name: "Create key" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Choose at least one permission." })).toBeVisible();
  await expect(name).toHaveValue("CRM sync");

  await page.getByLabel("Read leads").check();
  await page.getByLabel("Expires").selectOption({ label: "In 30 days" });
  await page.getByRole("button", { name: "Create key" }).click();
  const shown = page.getByTestId("api-key-token");
  await expect(shown).toContainText(/ag_[A-Za-z0-9_-]{43}/);
  await expect(shown).toContainText("you will not see it again");
  const token = /ag_[A-Za-z0-9_-]{43}/.exec((await shown.textContent()) ?? "")![0];
  const row = page.getByTestId("api-key-row");
  await expect(row).toContainText("CRM sync");
  await expect(row).toContainText(token.slice(0, 11));
  await expect(row).not.toContainText(token.slice(11));
  await expect(row).toContainText("Read leads");
  await axeLightAndDark(page);
  await shown.getByRole("button", { name: "I have saved it" }).click();
  await expect(shown).toHaveCount(0);

  // The developer's script, with nothing but the token.
  const list = await script("/api/v1/leads", token);
  expect(list.status).toBe(200);
  expect(list.body.data?.map((l) => l.email)).toEqual(["ana.fan@example.com"]);
  expect(Number(list.remaining)).toBeGreaterThan(0);
  const erase = await script(`/api/v1/leads/${lead!.id}`, token, "DELETE");
  expect(erase.status).toBe(403);
  expect(erase.body.message).toBe("This API key does not have the leads:write scope.");

  await page.reload();
  await expect(page.getByTestId("api-key-row")).not.toContainText("Never");

  await page.getByRole("button", { name: "Revoke" }).click();
  const dialog = page.getByRole("dialog", { name: "Revoke this key?" });
  await expect(dialog).toContainText("stop working at once");
  await dialog.getByRole("button", { name: "Revoke" }).click();
  await expect(page.getByText("Key revoked.")).toBeVisible();
  await expect(page.getByTestId("api-key-state")).toContainText("Revoked");
  await expect(page.getByRole("button", { name: "Revoke" })).toHaveCount(0);

  const refused = await script("/api/v1/leads", token);
  expect(refused.status).toBe(401);
  expect(refused.body.message).toBe("This API key was revoked.");
  expect(await sql(`select id from lead where id = $1`, [lead!.id])).toHaveLength(1);
});
