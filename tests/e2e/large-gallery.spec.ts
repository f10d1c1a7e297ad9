import { randomUUID } from "node:crypto";
import { axeLightAndDark } from "./axe";
import { adminOfNewCompany, createPublishedGallery, sql, uploadPhotos } from "./auth-support";
import { expect, test } from "./fixtures";
import { setLocale, skipCookieBanner, waitForHydration } from "./public-helpers";

/**
 * Issue #36, large galleries: a gallery of 150 photos opens with its first page only (24 in the
 * page, the counter says 150), the thumbnail strip asks for the next pages as the fan scrolls it
 * and draws only the thumbnails near the view (Tab still walks them all),
 * and the event page shows 24 of its photos with a link to see them all. The 150 photos are one
 * uploaded photo's rows repeated (same renditions), so the spec does not wait for 150 encodes.
 */
test("a 150-photo gallery loads a page at a time", async ({ page, context, browser, baseURL }) => {
  test.setTimeout(180_000);
  const { companyId } = await adminOfNewCompany(context, "Large Gallery Co");
  const { contentId, publicPath } = await createPublishedGallery(companyId, "Main Stage");
  const [company] = await sql<{ slug: string }>(`select slug from company where id = $1`, [companyId]);
  await page.goto(`/admin/content/${contentId}`);
  const [original] = await uploadPhotos(page, contentId, 1, 4100);
  for (let position = 1; position < 150; position++) {
    await sql(
      `insert into media_file (id, "companyId", "contentId", kind, "storageKey", "originalName", "mimeType", "sizeBytes",
         width, height, state, variants, "blurDataUrl", position, "updatedAt")
       select $1, "companyId", "contentId", kind, $2, $3, "mimeType", "sizeBytes", width, height, state, variants,
         "blurDataUrl", $4, now() from media_file where id = $5`,
      [randomUUID(), `copy-${randomUUID()}`, `photo-${position + 1}.jpg`, position, original],
    );
  }
  // Put in order by name through the admin: it saves the order and refreshes the public pages.
  await page.reload();
  // The admin shows a page of 100 of them (tests/e2e/admin-large-gallery.spec.ts).
  await expect(page.getByTestId("media-item")).toHaveCount(100);
  await page.getByRole("toolbar", { name: "Selected files" }).getByRole("link", { name: "Name" }).click();
  await page.getByRole("button", { name: "Use this order for fans" }).click();
  await page
    .getByRole("dialog", { name: "Put the whole gallery in this order?" })
    .getByRole("button", { name: "Use this order" })
    .click();
  await expect(page.getByText("Order saved.")).toBeVisible();

  // A phone: the strip draws a handful of thumbnails around the view.
  const fan = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  await skipCookieBanner(fan);
  await setLocale(fan, baseURL!, "en");
  const player = await fan.newPage();
  const list = player.getByRole("list", { name: "Thumbnails" });
  const strip = list.getByRole("button");
  const thumbs = list.locator("li[aria-posinset]");
  const lastShown = async () => Number(await thumbs.last().getAttribute("aria-posinset"));
  await expect
    .poll(
      async () => {
        await player.goto(`/${company!.slug}/player/${contentId}`);
        return thumbs.first().getAttribute("aria-setsize");
      },
      { timeout: 30_000 },
    )
    .toBe("150");
  // The page carries the first 24 photos only, and draws the thumbnails near the view.
  expect(await lastShown()).toBeLessThanOrEqual(24);
  await expect(player.getByText("1 / 150")).toBeVisible();
  await waitForHydration(player);
  expect(await strip.count()).toBeLessThan(24);
  // Keyboard: Tab walks the thumbnails one by one, past what was drawn at first, and nearing
  // the last one loaded asks for the next page.
  const nextPage = player.waitForRequest((request) => request.url().includes("/photos?offset=24"));
  await strip.first().focus();
  for (let i = 0; i < 20; i++) await player.keyboard.press("Tab");
  await expect(player.locator(":focus")).toHaveAttribute("aria-label", /photo 21 of 150/);
  await expect(player.locator(":focus").locator("xpath=..")).toHaveAttribute("aria-posinset", "21");
  await nextPage;
  // Scrolling the strip to its end brings the next pages; only a window of them is ever drawn.
  await expect
    .poll(
      async () => {
        await list.evaluate((ul) => (ul.scrollLeft = ul.scrollWidth));
        return lastShown();
      },
      { timeout: 30_000 },
    )
    .toBe(150);
  expect(await strip.count()).toBeLessThan(50);
  await strip.last().click();
  await expect(player.getByText("150 / 150")).toBeVisible();
  await axeLightAndDark(player);

  const event = await fan.newPage();
  await event.goto(publicPath);
  const link = event.getByRole("link", { name: "See all 150 photos of Main Stage gallery" });
  await expect(link).toBeVisible();
  await expect(event.locator("section[aria-labelledby='event-gallery-title'] li")).toHaveCount(24);
  await link.click();
  await expect(event).toHaveURL(new RegExp(`/player/${contentId}$`));
  // "My favourites" with a hearted photo beyond the first page that was hidden after the list
  // loaded: asked for by id once, never again (no request loop).
  const saved = player.waitForResponse(
    (response) => response.url().endsWith("/favourites") && response.request().method() === "POST",
  );
  await player.getByRole("button", { name: "Favourite", exact: true }).click();
  expect((await saved).ok()).toBe(true);
  await expect(player.getByRole("button", { name: "Favourite", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  // The button turns at once; the heart is saved (and this browser marked as having some) when
  // the request answers: a reload before then lost it (the spec raced it on a busy machine).
  await expect
    .poll(() => player.evaluate((id) => window.localStorage.getItem(`ag_fav:${id}`), contentId))
    .toBe("1");
  await player.reload();
  await waitForHydration(player);
  await expect(player.getByRole("button", { name: /My favourites/ })).toHaveText("My favourites (1)");
  const [last] = await sql<{ id: string }>(
    `select id from media_file where "contentId" = $1 order by position desc limit 1`,
    [contentId],
  );
  await sql(`update media_file set hidden = true where id = $1`, [last!.id]);
  const asked: string[] = [];
  player.on("request", (request) => {
    if (request.url().includes("/photos?ids=")) asked.push(request.url());
  });
  await player.getByRole("button", { name: /My favourites/ }).click();
  await expect(player.getByText(/No favourites yet/)).toBeVisible();
  await player.waitForTimeout(2_000);
  expect(asked).toHaveLength(1);
  await fan.close();
});
