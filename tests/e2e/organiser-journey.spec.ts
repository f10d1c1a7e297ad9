import { expect, test } from "./fixtures";
import {
  adminOfNewCompany,
  createPublishedGallery,
  createUser,
  demoCompanyId,
  sql,
  startSession,
  uniqueEmail,
} from "./auth-support";
import { axeViolations } from "./axe";
import { skipCookieBanner } from "./public-helpers";

// The organiser's side of issue #18 on a laptop: the marketing home's way in, the dashboard's
// checklist completing itself, and the admin screens a first-time organiser trips over.
test.use({ viewport: { width: 1366, height: 768 } });

test("Start free leads from the marketing home to sign-up", async ({ page, context }) => {
  await skipCookieBanner(context);
  await page.goto("/");
  await page.getByTestId("top-bar-start-free").click();
  await expect(page).toHaveURL(/\/auth\?mode=signup$/);
  await expect(page.getByRole("tab", { selected: true })).toHaveText(/Criar conta|Registar|Sign up/i);
  await page.goto("/#pricing");
  await expect(page.locator('#pricing a[href="/auth?mode=signup"]')).toHaveCount(2);
});

test("the dashboard's checklist completes itself, the link is copied and opens the public page", async ({
  page,
  context,
  baseURL,
}) => {
  await skipCookieBanner(context);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL! });
  const { companyId } = await adminOfNewCompany(context, "Checklist Live");
  await page.goto("/admin");
  const checklist = page.getByTestId("dashboard-checklist");
  await expect(checklist).toHaveAttribute("data-complete", "false");
  await expect(page.getByTestId("checklist-createEvent")).toHaveAttribute("data-done", "false");
  await expect(checklist.getByRole("link", { name: "Create event" })).toHaveAttribute(
    "href",
    "/admin/events/new",
  );
  await expect(page.getByTestId("dashboard-week-views")).toHaveText("0");
  expect(await axeViolations(page, "main")).toEqual([]);

  // Event, content and a stored photo (their own journeys are other specs'): three steps tick.
  const { contentId, publicPath } = await createPublishedGallery(companyId, "Checklist Night");
  await sql(
    `insert into media_file (id, "companyId", "contentId", kind, "storageKey", "originalName", "mimeType", "sizeBytes", state, "updatedAt")
     values (gen_random_uuid()::text, $1, $2, 'photo', $3, 'a.jpg', 'image/jpeg', 10, 'ready', now())`,
    [companyId, contentId, `e2e/${contentId}/a.jpg`],
  );
  await page.reload();
  for (const step of ["createEvent", "upload", "publish"])
    await expect(page.getByTestId(`checklist-${step}`)).toHaveAttribute("data-done", "true");
  await expect(page.getByTestId("checklist-share")).toHaveAttribute("data-done", "false");

  // Copying the public link completes the last step.
  await page.getByRole("button", { name: "Copy the public page link" }).click();
  await expect(checklist).toHaveAttribute("data-complete", "true");
  const url = await page.evaluate(() => navigator.clipboard.readText());
  expect(url).toMatch(/\/e2e-[0-9a-f]{8}$/);
  const response = await page.goto(url);
  expect(response?.status()).toBe(200);
  const event = await page.goto(publicPath);
  expect(event?.status()).toBe(200);

  await page.goto("/admin");
  await page.getByRole("button", { name: "Hide the checklist" }).click();
  await expect(page.getByTestId("dashboard-checklist")).toHaveCount(0);
});

test("leads fit at 1366 px, sessions and the audit log read as people read", async ({ page, context }) => {
  const { companyId } = await adminOfNewCompany(context, "Readable Co");
  const { contentId } = await createPublishedGallery(companyId, "Readable Night");
  const long = `a-very-long-address-of-someone-who-likes-long-names.${"x".repeat(40)}@example-festival-mailbox.test`;
  await sql(
    `insert into lead (id, "companyId", "contentId", name, email, consent, "updatedAt") values (gen_random_uuid()::text, $1, $2, 'Maria Long', $3, true, now())`,
    [companyId, contentId, long],
  );
  await page.goto("/admin/leads");
  const row = page.getByTestId("lead-row").first();
  await expect(row).toContainText("Maria Long");
  // Name over e-mail: two lines of text and the padding, never a column of wrapped characters.
  const height = (await row.boundingBox())?.height ?? 0;
  expect(height).toBeGreaterThan(0);
  expect(height).toBeLessThan(90);
  await expect(row.getByTitle(long)).toBeVisible();
  await row.locator("summary").click();
  await expect(row.getByTestId("lead-details")).toContainText(long);

  await page.goto("/admin/settings/sessions");
  const device = page.getByTestId("session-device").first();
  await expect(device).toBeVisible();
  await expect(page.getByTestId("session-list")).not.toContainText("Mozilla/5.0");
  await expect(page.getByTestId("session-list")).not.toContainText("0.0.0.0");

  await page.goto("/admin/status");
  await expect(page.getByTestId("audit-what").first()).toBeVisible();
  // Raw JSON only inside the folded disclosure.
  for (const cell of await page.getByTestId("audit-what").allTextContents()) expect(cell).not.toContain("{");
  expect(await axeViolations(page, "main")).toEqual([]);
});

test("a role that may not enter can sign out or switch account; an API 403 speaks the caller's language", async ({
  page,
  context,
}) => {
  const fan = uniqueEmail("trapped");
  await createUser({ email: fan, role: "user", companyId: await demoCompanyId() });
  await startSession(context, fan);
  const forbidden = await page.request.get("/api/admin/analytics.csv", {
    headers: { "accept-language": "en" },
  });
  expect(forbidden.status()).toBe(403);
  expect((await forbidden.json()) as { message: string }).toMatchObject({
    message: "You have no permission for the administrative area",
  });

  await page.goto("/auth");
  await expect(page.getByTestId("no-access-notice")).toBeVisible();
  await page.goto("/onboarding");
  await expect(page.getByTestId("no-access-notice")).toBeVisible();
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Acesso negado" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Mudar de conta" }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByLabel("E-mail")).toBeVisible();
});

test("a company address typed without https:// is completed", async ({ page, context }) => {
  await adminOfNewCompany(context, "Typed Co");
  await page.goto("/admin/settings/company-data");
  await page.getByLabel("Description").fill("Concerts without phones.");
  await page.getByLabel("Website").fill("typed.example");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Settings saved")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Website")).toHaveValue("https://typed.example");
});
