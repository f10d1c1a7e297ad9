import sharp from "sharp";
import { axeLightAndDark } from "./axe";
import { adminOfNewCompany, createPublishedGallery, sql } from "./auth-support";
import { expect, test } from "./fixtures";
import { skipCookieBanner, waitForHydration } from "./public-helpers";
import { generatePhoto } from "@/scripts/lib/demo-media";

/** Lighthouse's phone (a Moto G Power): 412 CSS px at 1.75 device pixels each. */
const phone = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};

/**
 * An event's banner is the first thing a fan sees on a shared event link. It used to reach every
 * screen as its largest WebP (1,280 px); its picture now offers every rendition, so a phone
 * takes the one its screen needs and the landing's card a small one.
 */
test("an organiser's banner reaches a phone as the rendition its screen needs", async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const { companyId } = await adminOfNewCompany(context, "Banner Night Co");
  const { eventId, publicPath } = await createPublishedGallery(companyId, "Banner Night");

  // A fan on a phone opens the event before it has a banner: the page is cached without one.
  const fan = await browser.newContext({ baseURL, ...phone });
  await skipCookieBanner(fan);
  const fanPage = await fan.newPage();
  await fanPage.goto(publicPath);
  await expect(fanPage.getByRole("heading", { level: 1, name: "Banner Night" })).toBeVisible();
  expect(await fanPage.locator('header picture source[type="image/avif"]').count()).toBe(0);

  // The organiser sets the banner in the event form.
  await page.goto(`/admin/events/${eventId}`);
  await page.locator('input[type="file"]').setInputFiles({
    name: "banner.jpg",
    mimeType: "image/jpeg",
    buffer: await generatePhoto({ seed: 9200, theme: "festival", width: 1800, height: 600 }),
  });
  await expect(page.getByRole("img", { name: "Banner preview" })).toBeVisible();
  await expect(page.getByRole("progressbar")).toHaveCount(0, { timeout: 60_000 });
  await page.getByRole("button", { name: "Save" }).click();
  const bannerReady = async () =>
    (
      await sql<{ state: string }>(
        `select m.state::text as state from event e join media_file m on m."storageKey" = e."bannerKey" where e.id = $1`,
        [eventId],
      )
    )[0]?.state ?? null;
  await expect.poll(bannerReady, { timeout: 90_000 }).toBe("ready");

  // The fan's page is refreshed once the banner is processed.
  const avif = fanPage.locator(`header picture source[type="image/avif"]`);
  await expect
    .poll(
      async () => {
        await fanPage.goto(publicPath);
        return avif.getAttribute("srcset");
      },
      { timeout: 30_000 },
    )
    .toContain(`/api/media/banner/${eventId}/w960.avif`);
  const srcset = (await avif.getAttribute("srcset"))!;
  expect(srcset.split(", ").map((candidate) => candidate.split(" ")[1])).toEqual([
    "320w",
    "640w",
    "960w",
    "1280w",
  ]);
  const banner = fanPage.locator("header picture img");
  await expect
    .poll(() => banner.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc))
    .toMatch(new RegExp(`/api/media/banner/${eventId}/w960\\.avif\\?v=`));
  // The file itself is 960 px wide, from the banner route, as AVIF.
  const file = await fan.request.get(await banner.evaluate((img: HTMLImageElement) => img.currentSrc));
  expect(file.headers()["content-type"]).toBe("image/avif");
  expect((await sharp(await file.body()).metadata()).width).toBe(960);
  // Preloaded from the head with the same candidates, so the browser fetches it once.
  const preload = fanPage.locator('head link[rel="preload"][as="image"][fetchpriority="high"]');
  await expect(preload).toHaveAttribute("imagesrcset", srcset);
  await waitForHydration(fanPage);
  await axeLightAndDark(fanPage);

  // The landing's card takes a rendition of its own size, not the 1,280 px one.
  const landingPath = publicPath.slice(0, publicPath.indexOf("/evento/"));
  await fanPage.goto(landingPath);
  const card = fanPage.locator(`a[href$="/evento/${publicPath.split("/").at(-1)}"] picture img`).first();
  await card.scrollIntoViewIfNeeded();
  await expect
    .poll(() => card.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc))
    .toMatch(new RegExp(`/api/media/banner/${eventId}/w(320|640|960)\\.avif\\?v=`));

  // A rendition the banner does not have, or the uploaded original, is not served.
  for (const path of [`/api/media/banner/${eventId}/w1500.avif`, `/api/media/banner/${eventId}/original`]) {
    expect((await fan.request.get(path)).status(), path).toBe(404);
  }
  await fan.close();
});
