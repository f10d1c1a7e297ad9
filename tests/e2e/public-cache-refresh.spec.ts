import { adminOfNewCompany, createPublishedGallery } from "./auth-support";
import { expect, test } from "./fixtures";
import { generatePhoto } from "@/scripts/lib/demo-media";

/**
 * Cached public pages refresh after an admin change (issue #19), through both paths: an edit
 * in the admin expires the page in the request (in-app), and a photo finished by the media
 * worker expires it through the worker's signed revalidation call. Each time the page was
 * served from the cache first, so the new text or photo can only come from a refresh.
 */
test("a cached event page shows an admin's edit and a photo the worker finished", async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const { companyId } = await adminOfNewCompany(context, "Cache Night Co");

  const { eventId, contentId, publicPath } = await createPublishedGallery(companyId, "Cache Night");

  // Served, then served again from the cache.
  const fan = await context.browser()!.newContext({ baseURL });
  await fan.addCookies([{ name: "NEXT_LOCALE", value: "en", url: baseURL! }]);
  expect((await fan.request.get(publicPath)).status()).toBe(200);
  const cached = await fan.request.get(publicPath);
  expect(cached.headers()["x-nextjs-cache"]).toBe("HIT");
  expect(await cached.text()).toContain("Cache Night");

  // 1. In-app: the organiser renames the event in the admin.
  await page.goto(`/admin/events/${eventId}`);
  await page.getByLabel("Name", { exact: true }).fill("Cache Night Renamed");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Cache Night Renamed" })).toBeVisible();
  await expect.poll(async () => (await fan.request.get(publicPath)).text()).toContain("Cache Night Renamed");

  // 2. Through the worker: a photo uploaded to the gallery appears once processed.
  const fanPage = await fan.newPage();
  await fanPage.goto(publicPath);
  const pictures = fanPage.locator("picture:has(source[type='image/webp'])");
  await expect(pictures).toHaveCount(0);
  await page.goto(`/admin/content/${contentId}`);
  await page.locator('input[type="file"]').setInputFiles({
    name: "stage.jpg",
    mimeType: "image/jpeg",
    buffer: await generatePhoto({ seed: 9100, theme: "festival", width: 1200, height: 800 }),
  });
  await expect(page.locator('[data-testid="media-item"][data-state="ready"]')).toHaveCount(1, {
    timeout: 90_000,
  });
  await expect
    .poll(
      async () => {
        await fanPage.reload();
        return pictures.count();
      },
      { timeout: 30_000 },
    )
    // The photo, and the gallery's cover made from it.
    .toBeGreaterThanOrEqual(1);
  await fan.close();
});
