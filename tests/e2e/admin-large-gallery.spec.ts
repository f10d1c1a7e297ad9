import { axeLightAndDark } from "./axe";
import { adminOfNewCompany, createPublishedGallery, sql, uploadPhotos } from "./auth-support";
import { expect, test } from "./fixtures";
import { setLocale, skipCookieBanner } from "./public-helpers";

/**
 * Issue #36, the admin media manager of a large gallery: 250 photos (one uploaded photo's row
 * copied, so the spec waits for one encode) show a page of 100 at a time with numbered pages,
 * the order by name lives in the URL, "select all 250 in this gallery" hides the whole gallery
 * after a confirmation that states the count, and a fan then sees none of them.
 */
test("a 250-photo gallery in the admin: pages, order by name, hide all after confirming", async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const { companyId } = await adminOfNewCompany(context, "Admin Large Co");
  const { contentId } = await createPublishedGallery(companyId, "Arena Night");
  const [company] = await sql<{ slug: string }>(`select slug from company where id = $1`, [companyId]);
  await page.goto(`/admin/content/${contentId}`);
  const [original] = await uploadPhotos(page, contentId, 1, 4300);
  // shot-001 … shot-250, the gallery order the reverse of the names' (shot-250 first).
  await sql(`update media_file set "originalName" = 'shot-001.jpg', position = 249 where id = $1`, [
    original,
  ]);
  await sql(
    `insert into media_file (id, "companyId", "contentId", kind, "storageKey", "originalName", "mimeType",
       "sizeBytes", width, height, state, variants, "blurDataUrl", position, "updatedAt")
     select gen_random_uuid()::text, "companyId", "contentId", kind, 'copy-' || gen_random_uuid()::text,
       'shot-' || lpad(n::text, 3, '0') || '.jpg', "mimeType", "sizeBytes", width, height, state, variants,
       "blurDataUrl", 250 - n, now()
     from media_file, generate_series(2, 250) as n where id = $1`,
    [original],
  );

  await page.reload();
  const items = page.getByTestId("media-item");
  const pager = page.getByRole("navigation", { name: "Pages of files" });
  await expect(page.getByRole("heading", { name: "Files (250)" })).toBeVisible();
  // One page in the DOM, not 250 tiles.
  await expect(items).toHaveCount(100);
  await expect(items.first()).toContainText("shot-250.jpg");
  await expect(pager).toContainText("Files 1–100 of 250");
  await expect(pager.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
  await axeLightAndDark(page);

  // Page 2 by the keyboard.
  await pager.getByRole("link", { name: "Page 2" }).focus();
  await page.keyboard.press("Enter");
  // A server render of the page (100 signed thumbnails and the panels below) on a busy machine.
  const navigation = { timeout: 30_000 };
  await expect(page).toHaveURL(/[?&]page=2/, navigation);
  await expect(pager).toContainText("Files 101–200 of 250");
  await expect(items).toHaveCount(100);
  await expect(items.first()).toContainText("shot-150.jpg");

  // By name: the order is in the URL and starts again at page 1; the last page holds 50.
  const bar = page.getByRole("toolbar", { name: "Selected files" });
  await bar.getByRole("link", { name: "Name" }).click();
  await expect(page).toHaveURL(/[?&]sort=name/, navigation);
  await expect(page).not.toHaveURL(/page=/);
  await expect(items.first()).toContainText("shot-001.jpg");
  await pager.getByRole("link", { name: "Page 3" }).click();
  await expect(page).toHaveURL(/sort=name&page=3/, navigation);
  await expect(items).toHaveCount(50);
  await expect(items.first()).toContainText("shot-201.jpg");
  // Moving by hand is for the gallery order only.
  await expect(page.getByRole("button", { name: /^Move shot-201\.jpg/ })).toHaveCount(0);

  // Select this page, then the whole gallery, and hide it after a confirmation with the count.
  await bar.getByRole("button", { name: "Select all on this page" }).click();
  await expect(bar.getByTestId("media-selected-count")).toHaveText("50 selected");
  await bar.getByRole("button", { name: "Select all 250 in this gallery" }).click();
  await expect(bar.getByTestId("media-selected-count")).toHaveText("All 250 files of the gallery selected");
  await axeLightAndDark(page);
  await bar.getByRole("button", { name: "Hide from fans" }).click();
  const confirm = page.getByRole("dialog", { name: "Hide 250 files from fans?" });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Hide from fans" }).click();
  await expect(page.getByText("250 files hidden from fans.")).toBeVisible();
  // The page's refresh (a server render of the whole edit page) shows the badges.
  await expect(items.filter({ hasText: "Hidden from fans" })).toHaveCount(50, navigation);
  const [hidden] = await sql<{ n: number }>(
    `select count(*)::int as n from media_file where "contentId" = $1 and hidden`,
    [contentId],
  );
  expect(hidden?.n).toBe(250);

  // A fan sees none of them.
  const fan = await browser.newContext({ baseURL });
  await skipCookieBanner(fan);
  await setLocale(fan, baseURL!, "en");
  const player = await fan.newPage();
  await expect
    .poll(
      async () => {
        await player.goto(`/${company!.slug}/player/${contentId}`);
        return player.locator(`img[src*="/api/media/"]`).count();
      },
      { timeout: 30_000 },
    )
    .toBe(0);
  await fan.close();
});
