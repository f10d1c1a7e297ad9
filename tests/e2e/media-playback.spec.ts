import { randomUUID } from "node:crypto";
import { loadVideoFixture } from "@/scripts/lib/demo-video";
import { adminOfNewCompany, sql } from "./auth-support";
import { expect, test } from "./fixtures";
import { setLocale, skipCookieBanner, waitForHydration } from "./public-helpers";

/**
 * Issue #16: a lead-gated video plays for every fan (the transcoded rendition, streamed with
 * range requests), while its download still asks for the lead and the original stays out of reach.
 * The video goes through the real upload and the real media worker (ffmpeg).
 */
test("a lead-gated video plays without a lead; its download asks for one", async ({
  browser,
  context,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const { companyId } = await adminOfNewCompany(context, "Gated Media Co");
  const contentId = randomUUID();
  await sql(
    `insert into content (id, "companyId", title, kind, status, "requiresLead", "updatedAt")
     values ($1, $2, 'Gated aftermovie', 'single', 'published', true, now())`,
    [contentId, companyId],
  );
  const [company] = await sql<{ slug: string }>(`select slug from company where id = $1`, [companyId]);

  // The organiser uploads the clip to the content; the worker transcodes it.
  const admin = await context.newPage();
  await admin.goto(`/admin/content/${contentId}`);
  await admin
    .locator('input[type="file"]')
    .setInputFiles([
      { name: "aftermovie.mp4", mimeType: "video/mp4", buffer: (await loadVideoFixture()).mp4 },
    ]);
  await expect(admin.locator('[data-testid="media-item"][data-state="ready"]')).toHaveCount(1, {
    timeout: 180_000,
  });
  const [media] = await sql<{ id: string }>(`select id from media_file where "contentId" = $1`, [contentId]);

  // A fan on a phone, who has left no lead.
  const fan = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  await skipCookieBanner(fan);
  await setLocale(fan, baseURL!, "en");
  const page = await fan.newPage();
  await page.goto(`/${company!.slug}/player/${contentId}`);
  await waitForHydration(page);
  const video = page.locator("video");
  await expect(video).toHaveAttribute("poster", new RegExp(`/api/media/${media!.id}/w\\d+\\.webp\\?v=\\w+$`));
  // The rendition, never the gated original.
  await expect(video).toHaveAttribute("src", new RegExp(`/api/media/${media!.id}/h\\d+\\.mp4$`));
  // Nothing of the video is fetched before the fan asks for it: the poster only.
  await expect(video).toHaveAttribute("preload", "none");
  expect(await video.evaluate((v: HTMLVideoElement) => v.readyState)).toBe(0);
  // The fan presses play (the player's own control, from the keyboard): the rendition streams.
  await video.focus();
  await page.keyboard.press("Space");
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 30_000 })
    .toBeGreaterThanOrEqual(2);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0);
  // From then on a quality chosen later loads its metadata at once, so the position carries over.
  await expect(video).toHaveAttribute("preload", "metadata");
  expect((await page.request.get(`/api/media/${media!.id}/original`, { maxRedirects: 0 })).status()).toBe(
    403,
  );

  // Downloading still goes through the lead form.
  await page.getByRole("button", { name: "Download", exact: true }).click();
  await expect(page.getByRole("dialog", { name: "Download the file" })).toBeVisible();
  await fan.close();
});
