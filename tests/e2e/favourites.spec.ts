import { readFile } from "node:fs/promises";
import { axeLightAndDark } from "./axe";
import { adminOfNewCompany, createPublishedGallery, sql, uploadPhotos } from "./auth-support";
import { expect, test } from "./fixtures";
import { setLocale, skipCookieBanner, waitForHydration } from "./public-helpers";
import { readZip } from "../support/zip-reader";

/**
 * Issue #36, favourites through the real UI: a fan hearts two of three photos in the player (the
 * heart is a toggle button), "My favourites (2)" shows only those, a reload keeps them (the
 * visitor's own), "Download my favourites" is a ZIP of exactly those, un-hearting one updates the
 * list; the organiser's edit screen shows the
 * most-hearted photos with their counts.
 */
test("a fan hearts photos and sees only them; the organiser sees the most loved", async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const { companyId } = await adminOfNewCompany(context, "Favourites Co");
  const { contentId } = await createPublishedGallery(companyId, "Hearts Night");
  const [company] = await sql<{ slug: string }>(`select slug from company where id = $1`, [companyId]);

  await page.goto(`/admin/content/${contentId}`);
  await expect(page.getByTestId("favourites-empty")).toBeVisible();
  await uploadPhotos(page, contentId, 3, 3700);

  const fan = await browser.newContext({ baseURL });
  await skipCookieBanner(fan);
  await setLocale(fan, baseURL!, "en");
  const player = await fan.newPage();
  await expect
    .poll(
      async () => {
        await player.goto(`/${company!.slug}/player/${contentId}`);
        return player.getByRole("list", { name: "Thumbnails" }).getByRole("button").count();
      },
      { timeout: 30_000 },
    )
    .toBe(3);
  await waitForHydration(player);
  const heart = player.getByRole("button", { name: "Favourite", exact: true });
  const only = player.getByRole("button", { name: /My favourites/ });
  await expect(only).toHaveText("My favourites (0)");
  await expect(heart).toHaveAttribute("aria-pressed", "false");
  await heart.click();
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  await player.getByRole("list", { name: "Thumbnails" }).getByRole("button").nth(2).click();
  await heart.click();
  await expect(only).toHaveText("My favourites (2)");
  await axeLightAndDark(player);

  await only.click();
  await expect(only).toHaveAttribute("aria-pressed", "true");
  await expect(player.getByRole("list", { name: "Thumbnails" }).getByRole("button")).toHaveCount(2);
  // Download my favourites: a ZIP of exactly those two.
  const download = player.waitForEvent("download");
  await player.getByRole("button", { name: "Download my favourites" }).click();
  const zip = await download;
  expect(zip.suggestedFilename()).toBe("Hearts Night gallery (favourites).zip");
  const entries = readZip(await readFile((await zip.path())!));
  expect(entries.map((e) => e.name).sort()).toEqual(["photo-1.jpg", "photo-3.jpg"]);
  // The visitor's own: a reload keeps them.
  await player.reload();
  await waitForHydration(player);
  await expect(only).toHaveText("My favourites (2)");
  await only.click();
  await heart.click(); // un-heart the photo on screen
  await expect(only).toHaveText("My favourites (1)");
  // One favourite left: one photo, no thumbnail strip.
  await expect(player.getByRole("list", { name: "Thumbnails" })).toHaveCount(0);

  // The organiser: the most-hearted photo with its count.
  await page.reload();
  await expect(page.getByTestId("favourites-top").getByRole("listitem")).toHaveCount(1);
  await expect(page.getByTestId("favourites-top")).toContainText("1 heart");
  await fan.close();
});
