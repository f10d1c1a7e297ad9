import { randomUUID } from "node:crypto";
import { axeLightAndDark } from "./axe";
import { adminOfNewCompany, createPublishedGallery, sql, uploadPhotos } from "./auth-support";
import { expect, test } from "./fixtures";
import { setLocale, skipCookieBanner, waitForHydration } from "./public-helpers";

/**
 * Issue #36, large galleries: a gallery of 150 photos opens with its first page only (60 in the
 * page, the counter says 150), the thumbnail strip asks for the next pages as the fan scrolls it,
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
  await expect(page.getByTestId("media-item")).toHaveCount(150);
  await page.getByRole("button", { name: "Sort by name" }).click();
  await expect(page.getByText("Order saved.")).toBeVisible();

  const fan = await browser.newContext({ baseURL });
  await skipCookieBanner(fan);
  await setLocale(fan, baseURL!, "en");
  const player = await fan.newPage();
  const strip = player.getByRole("list", { name: "Thumbnails" }).getByRole("button");
  await expect
    .poll(
      async () => {
        await player.goto(`/${company!.slug}/player/${contentId}`);
        return strip.count();
      },
      { timeout: 30_000 },
    )
    .toBe(60);
  await expect(player.getByText("1 / 150")).toBeVisible();
  await waitForHydration(player);
  // Scrolling the strip to its end brings the next page, then the last.
  for (const expected of [120, 150]) {
    await strip.last().scrollIntoViewIfNeeded();
    await expect(strip).toHaveCount(expected);
  }
  await strip.nth(149).click();
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
  await player.getByRole("button", { name: "Favourite", exact: true }).click();
  await expect(player.getByRole("button", { name: "Favourite", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
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
