import { adminOfNewCompany, sql } from "./auth-support";
import { axeLightAndDark } from "./axe";
import { expect, test } from "./fixtures";

/**
 * Settings → Integrations (issue #38) through the real UI: the plan gate on Starter; on
 * Professional an address outside the public Internet refused with the form kept, an endpoint
 * added with its secret shown once, a test event in its delivery log, the secret rotated and the
 * endpoint deleted after confirming; axe in light and dark.
 */
test("an admin adds a webhook endpoint, sees its secret once, tests, rotates and deletes it", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const { companyId } = await adminOfNewCompany(context, "Hooks Co");

  await page.goto("/admin/settings/integrations");
  await expect(page.getByTestId("webhooks-plan-gate")).toContainText(
    "Webhooks are part of the Professional plan.",
  );
  await expect(page.getByRole("button", { name: "Add endpoint" })).toHaveCount(0);

  await sql(`update company set plan = 'professional' where id = $1`, [companyId]);
  await page.reload();
  await expect(page.getByText("No endpoints yet.")).toBeVisible();
  const url = page.getByLabel("Endpoint URL");

  // A loopback address is refused, and what was typed and ticked stays.
  await url.fill("http://127.0.0.1:9/hooks");
  await page.getByLabel("New lead").check();
  await page.getByRole("button", { name: "Add endpoint" }).click();
  await expect(url).toHaveAccessibleDescription(
    /Enter an https:\/\/ address of a server on the public Internet/,
  );
  await expect(url).toHaveValue("http://127.0.0.1:9/hooks");
  await expect(page.getByLabel("New lead")).toBeChecked();

  await url.fill("https://hooks.example.com/afterglow");
  await page.getByRole("button", { name: "Add endpoint" }).click();
  const secret = page.getByTestId("webhook-secret");
  await expect(secret).toContainText(/whsec_[A-Za-z0-9+/=]+/);
  await expect(secret).toContainText("you will not see it again");
  await expect(page.getByText("https://hooks.example.com/afterglow")).toBeVisible();
  await axeLightAndDark(page);
  await secret.getByRole("button", { name: "I have saved it" }).click();
  await expect(secret).toHaveCount(0);

  await page.getByRole("button", { name: "Send test event" }).click();
  await expect(page.getByText("Test event queued.")).toBeVisible();
  await expect(page.getByRole("table", { name: "Latest deliveries" }).getByRole("row")).toHaveCount(2);

  await page.getByRole("button", { name: "Rotate secret" }).click();
  const rotate = page.getByRole("dialog", { name: "Rotate the signing secret?" });
  await rotate.getByRole("button", { name: "Rotate secret" }).click();
  await expect(page.getByTestId("webhook-secret")).toContainText(/whsec_/);
  await page.getByRole("button", { name: "I have saved it" }).click();

  await page.getByRole("button", { name: "Delete", exact: true }).click();
  const remove = page.getByRole("dialog", { name: "Delete this endpoint?" });
  await remove.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page.getByText("No endpoints yet.")).toBeVisible();
  expect(await sql(`select id from webhook_endpoint where "companyId" = $1`, [companyId])).toEqual([]);
});
