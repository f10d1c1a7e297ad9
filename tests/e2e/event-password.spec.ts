import { axeLightAndDark } from "./axe";
import { adminOfNewCompany, createPublishedGallery, sql } from "./auth-support";
import { expect, test } from "./fixtures";
import { setLocale, skipCookieBanner, waitForHydration } from "./public-helpers";
import { generatePhoto } from "@/scripts/lib/demo-media";

/**
 * Issue #36, password events, through the real UI: the organiser sets an event's password on the
 * event form; a fan's browser gets the password form on the event page, the same form (the
 * event's password) on its gallery's page, and a 404 for the photo's rendition URL; a wrong
 * password is said to be wrong and keeps what was typed; the right one opens the event page, its
 * gallery and the photo. The hash, the limits, the APIs and the rule for galleries also shown by a
 * public event are held by tests/integration/event-password.test.ts.
 */
test("a password event opens, with its gallery, only with its password", async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const { companyId } = await adminOfNewCompany(context, "Secret Shows Co");
  const { eventId, contentId, publicPath } = await createPublishedGallery(companyId, "Secret Party");
  const [company] = await sql<{ slug: string }>(`select slug from company where id = $1`, [companyId]);
  const playerPath = `/${company!.slug}/player/${contentId}`;

  await page.goto(`/admin/content/${contentId}`);
  await page
    .locator('input[type="file"]')
    .first()
    .setInputFiles({
      name: "party.jpg",
      mimeType: "image/jpeg",
      buffer: await generatePhoto({ seed: 3611, theme: "festival", width: 1600, height: 1067 }),
    });
  await expect
    .poll(
      async () =>
        (await sql<{ state: string }>(`select state from media_file where "contentId" = $1`, [contentId]))[0]
          ?.state,
      { timeout: 90_000 },
    )
    .toBe("ready");
  const [media] = await sql<{ id: string; key: string }>(
    `select id, variants->0->>'key' as key from media_file where "contentId" = $1`,
    [contentId],
  );
  const renditionUrl = `/api/media/${media!.id}/${media!.key.split("/").pop()}`;

  // The organiser: Password, a password is required, then saved.
  await page.goto(`/admin/events/${eventId}`);
  await waitForHydration(page);
  const visibility = page.getByLabel("Visibility", { exact: true });
  await expect(visibility).toHaveValue("public");
  await visibility.selectOption({ label: "Password" });
  await expect(visibility).toHaveAccessibleDescription(/Opens only with the password/);
  const eventPassword = page.getByLabel("Event password", { exact: true });
  await page.getByRole("button", { name: "Save", exact: true }).click();
  // The field says why (a toast says it too).
  await expect(eventPassword).toHaveAccessibleDescription(/Choose a password for a password event\./);
  await eventPassword.fill("short");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(eventPassword).toHaveAccessibleDescription(/Use at least 8 characters\./);
  await eventPassword.fill("party-2026");
  await axeLightAndDark(page);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Event saved")).toBeVisible();
  const stored = async () =>
    (
      await sql<{ v: string; h: string | null }>(
        `select visibility::text as v, "accessPasswordHash" as h from event where id = $1`,
        [eventId],
      )
    )[0];
  await expect.poll(async () => (await stored())?.v).toBe("password");
  const hash = (await stored())!.h;
  expect(hash).toMatch(/^[0-9a-f]+:[0-9a-f]+$/);

  // Opened again: a password is set; left empty, it is kept.
  await page.reload();
  await waitForHydration(page);
  const newPassword = page.getByLabel("New event password", { exact: true });
  await expect(newPassword).toHaveValue("");
  await expect(newPassword).toHaveAccessibleDescription(/Leave empty to keep the current one/);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Event saved")).toBeVisible();
  expect((await stored())!.h).toBe(hash);

  // A fan with the link: the form on the event page and on its gallery's, no photo by its URL.
  const fan = await browser.newContext({ baseURL });
  await skipCookieBanner(fan);
  await setLocale(fan, baseURL!, "en");
  const fanPage = await fan.newPage();
  await expect
    .poll(
      async () => {
        await fanPage.goto(publicPath);
        return fanPage.getByRole("heading", { name: "This event is protected" }).count();
      },
      { timeout: 30_000 },
    )
    .toBe(1);
  await expect(fanPage.getByText("Secret Party")).toHaveCount(0);
  await expect(fanPage.locator(`img[src*="${media!.id}"]`)).toHaveCount(0);
  expect((await fanPage.request.get(renditionUrl)).status()).toBe(404);
  await waitForHydration(fanPage);
  await axeLightAndDark(fanPage);

  const player = await fan.newPage();
  await player.goto(playerPath);
  await expect(player.getByRole("heading", { name: "This gallery is protected" })).toBeVisible();
  await expect(player.getByLabel("Event password")).toBeVisible();
  await expect(player.getByText("Secret Party gallery")).toHaveCount(0);
  await player.close();

  const password = fanPage.getByLabel("Event password");
  await password.fill("not-the-password");
  await password.press("Enter");
  await expect(fanPage.getByText("That password is not right. Check it and try again.")).toBeVisible();
  await expect(password).toHaveValue("not-the-password");
  await expect(password).toBeFocused();
  await password.fill("party-2026");
  await fanPage.getByRole("button", { name: "Open event" }).click();
  await expect(fanPage.getByRole("heading", { level: 1, name: "Secret Party" })).toBeVisible();
  await expect(fanPage.getByText("Secret Party gallery").first()).toBeVisible();

  // Its gallery and the photo open with the event's unlock.
  await fanPage.goto(playerPath);
  await expect(fanPage.getByRole("heading", { name: "Secret Party gallery" })).toBeVisible();
  const photo = fanPage.locator(`img[src*="${media!.id}"]`).first();
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect((await fanPage.request.get(renditionUrl)).status()).toBe(200);

  // Another browser still gets the form: the unlock is this browser's alone.
  const stranger = await browser.newContext({ baseURL });
  await setLocale(stranger, baseURL!, "en");
  const other = await stranger.newPage();
  await other.goto(publicPath);
  await expect(other.getByRole("heading", { name: "This event is protected" })).toBeVisible();
  expect((await other.request.get(renditionUrl)).status()).toBe(404);
  await stranger.close();
  await fan.close();
});
