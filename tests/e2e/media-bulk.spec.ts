import { axeLightAndDark } from "./axe";
import { adminOfNewCompany, createPublishedGallery, sql, uploadPhotos } from "./auth-support";
import { expect, test } from "./fixtures";
import { setLocale, skipCookieBanner } from "./public-helpers";

/**
 * Issue #36, large galleries in the admin: the organiser selects photos in the media manager,
 * hides them from fans (a fan's page then shows only the rest), shows one again, sorts the gallery
 * by name (the order shown by name made the gallery's own) and deletes a selection after confirming. Scoping and storage are held by
 * tests/integration/content-admin.test.ts.
 */
test("bulk select, hide from fans, show again, sort by name and delete", async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const { companyId } = await adminOfNewCompany(context, "Bulk Co");
  const { contentId } = await createPublishedGallery(companyId, "Big Night");
  const [company] = await sql<{ slug: string }>(`select slug from company where id = $1`, [companyId]);
  await page.goto(`/admin/content/${contentId}`);
  await uploadPhotos(page, contentId, 3, 3900);
  await page.reload();

  const bar = page.getByRole("toolbar", { name: "Selected files" });
  await expect(bar.getByTestId("media-selected-count")).toHaveText("None selected");
  await page.getByLabel("Select photo-1.jpg").check();
  await page.getByLabel("Select photo-2.jpg").check();
  await expect(bar.getByTestId("media-selected-count")).toHaveText("2 selected");
  await axeLightAndDark(page);
  await bar.getByRole("button", { name: "Hide from fans" }).click();
  await expect(page.getByText("2 files hidden from fans.")).toBeVisible();
  await expect(page.getByTestId("media-item").filter({ hasText: "Hidden from fans" })).toHaveCount(2);

  const fan = await browser.newContext({ baseURL });
  await skipCookieBanner(fan);
  await setLocale(fan, baseURL!, "en");
  const player = await fan.newPage();
  // One photo left: no thumbnail strip, and the two hidden ones are nowhere on the page.
  const [hidden] = await sql<{ ids: string[] }>(
    `select array_agg(id) as ids from media_file where "contentId" = $1 and hidden`,
    [contentId],
  );
  await expect
    .poll(
      async () => {
        await player.goto(`/${company!.slug}/player/${contentId}`);
        return player.locator(`img[src*="${hidden!.ids[0]}"], img[src*="${hidden!.ids[1]}"]`).count();
      },
      { timeout: 30_000 },
    )
    .toBe(0);

  await page.getByLabel("Select photo-1.jpg").uncheck();
  await bar.getByRole("button", { name: "Show to fans" }).click();
  await expect(page.getByText("1 file shown to fans.")).toBeVisible();
  await expect(page.getByTestId("media-item").filter({ hasText: "Hidden from fans" })).toHaveCount(1);

  // By name, out of order by hand, then by name again: the order shown by name becomes the
  // gallery's own (asked first), and files move by hand in the gallery order.
  const byName = async () => {
    await bar.getByRole("link", { name: "Name" }).click();
    await expect(page).toHaveURL(/[?&]sort=name/);
    await bar.getByRole("button", { name: "Use this order for fans" }).click();
    await page
      .getByRole("dialog", { name: "Put the whole gallery in this order?" })
      .getByRole("button", { name: "Use this order" })
      .click();
    await expect(page.getByText("Order saved.").first()).toBeVisible();
    await bar.getByRole("link", { name: "Gallery order" }).click();
    await expect(page).not.toHaveURL(/sort=/);
  };
  await byName();
  await expect(page.getByTestId("media-item").first()).toContainText("photo-1.jpg");
  await page.getByRole("button", { name: "Move photo-1.jpg later" }).click();
  await expect(page.getByTestId("media-item").first()).not.toContainText("photo-1.jpg");
  await byName();
  await expect(page.getByTestId("media-item").first()).toContainText("photo-1.jpg");

  await bar.getByRole("button", { name: "Select all" }).click();
  await expect(bar.getByTestId("media-selected-count")).toHaveText("3 selected");
  await bar.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog", { name: "Delete 3 files?" }).getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("3 files deleted.")).toBeVisible();
  await expect(page.getByTestId("media-item")).toHaveCount(0);
  await fan.close();
});
