import { axeLightAndDark } from "./axe";
import { adminOfNewCompany, createPublishedGallery, sql } from "./auth-support";
import { expect, test } from "./fixtures";
import { setLocale, skipCookieBanner, waitForHydration } from "./public-helpers";
import { generatePhoto } from "@/scripts/lib/demo-media";

/**
 * Issue #36, password galleries and expiry, through the real UI: the organiser protects a gallery
 * with a password on the content form; a fan's browser gets the password form and a 404 for the
 * photo's rendition URL, is told a wrong password is wrong (keeping what was typed), and with the
 * right one sees the gallery and its photo. Then the organiser sets a date in the past, and the
 * gallery tells every fan it is no longer available. The hash, the limits and the engagement API
 * are held by tests/integration/gallery-access.test.ts.
 */
test("a password gallery opens only with its password; an expired one says so", async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const { companyId } = await adminOfNewCompany(context, "Private Review Co");
  const { contentId } = await createPublishedGallery(companyId, "Manager Preview");
  const [company] = await sql<{ slug: string }>(`select slug from company where id = $1`, [companyId]);
  const playerPath = `/${company!.slug}/player/${contentId}`;

  await page.goto(`/admin/content/${contentId}`);
  await page
    .locator('input[type="file"]')
    .first()
    .setInputFiles({
      name: "backstage.jpg",
      mimeType: "image/jpeg",
      buffer: await generatePhoto({ seed: 3602, theme: "festival", width: 1600, height: 1067 }),
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

  // The organiser: Password, with a password; saved.
  const details = page.getByRole("region", { name: "Details" });
  const visibility = details.getByLabel("Visibility");
  await expect(visibility).toHaveValue("public");
  await visibility.selectOption({ label: "Password" });
  await expect(visibility).toHaveAccessibleDescription(/Opens only with the password/);
  await details.getByRole("button", { name: "Save", exact: true }).click();
  await expect(details.getByText("Choose a password for a password gallery.")).toBeVisible();
  await details.getByLabel("Password", { exact: true }).fill("aurora-2026");
  await axeLightAndDark(page);
  await details.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Content saved")).toBeVisible();

  // A fan with the link: the password form, nothing of the gallery, and no photo by its URL.
  const fan = await browser.newContext({ baseURL });
  await skipCookieBanner(fan);
  await setLocale(fan, baseURL!, "en");
  const player = await fan.newPage();
  await expect
    .poll(
      async () => {
        await player.goto(playerPath);
        return player.getByRole("heading", { name: "This gallery is protected" }).count();
      },
      { timeout: 30_000 },
    )
    .toBe(1);
  await expect(player.getByText("Manager Preview gallery")).toHaveCount(0);
  await expect(player.locator(`img[src*="${media!.id}"]`)).toHaveCount(0);
  expect((await player.request.get(renditionUrl)).status()).toBe(404);
  await waitForHydration(player);
  await axeLightAndDark(player);

  const password = player.getByLabel("Gallery password");
  await password.fill("not-it");
  await password.press("Enter");
  await expect(player.getByText("That password is not right. Check it and try again.")).toBeVisible();
  await expect(password).toHaveValue("not-it");
  await expect(password).toBeFocused();
  await password.fill("aurora-2026");
  await player.getByRole("button", { name: "Open gallery" }).click();
  await expect(player.getByRole("heading", { name: "Manager Preview gallery" })).toBeVisible();
  const photo = player.locator(`img[src*="${media!.id}"]`).first();
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect((await player.request.get(renditionUrl)).status()).toBe(200);

  // The organiser closes it with a date in the past: every fan is told, the unlocked one too.
  // (The same screen as the save above, so the field is not typed into before it hydrates; the
  // saved password is kept, not hashed again: the fan's unlock still holds until the date.)
  await expect(details.getByLabel("New password")).toHaveValue("");
  const hashBefore = (
    await sql<{ h: string }>(`select "accessPasswordHash" as h from content where id = $1`, [contentId])
  )[0]!.h;
  await details.getByLabel("Available until").fill("2026-01-02T10:00");
  await details.getByRole("button", { name: "Save", exact: true }).click();
  await expect
    .poll(async () => {
      const [row] = await sql<{ e: Date | null; h: string }>(
        `select "expiresAt" as e, "accessPasswordHash" as h from content where id = $1`,
        [contentId],
      );
      return row?.e ? row.h : null;
    })
    .toBe(hashBefore);
  await expect(details.getByLabel("Available until")).toHaveAccessibleDescription(/This date has passed/);
  await expect
    .poll(
      async () => {
        await player.goto(playerPath);
        return player.getByRole("heading", { name: "This gallery is no longer available" }).count();
      },
      { timeout: 30_000 },
    )
    .toBe(1);
  expect((await player.request.get(renditionUrl)).status()).toBe(404);
  const stranger = await browser.newContext({ baseURL });
  await setLocale(stranger, baseURL!, "en");
  const other = await stranger.newPage();
  await other.goto(playerPath);
  await expect(other.getByRole("heading", { name: "This gallery is no longer available" })).toBeVisible();
  await expect(other.getByRole("link", { name: `Go to Private Review Co` })).toBeVisible();
  await stranger.close();
  await fan.close();
});
