import { readFile } from "node:fs/promises";
import sharp from "sharp";
import type { APIRequestContext } from "@playwright/test";
import { axeLightAndDark } from "./axe";
import { adminOfNewCompany, createPublishedGallery, sql } from "./auth-support";
import { expect, test } from "./fixtures";
import { setLocale, skipCookieBanner, waitForHydration } from "./public-helpers";
import { readZip } from "../support/zip-reader";
import { generatePhoto } from "@/scripts/lib/demo-media";

/**
 * Issue #36, watermarks through the real UI: a Professional organiser designs a text mark in
 * Settings → Watermark, turns "Watermark the photos fans see" on for a gallery, waits for the
 * progress bar to reach 1 of 1; the fan's page then names a new rendition URL whose pixels carry
 * the mark (bottom right) and match the clean rendition elsewhere, and the fan's Download all
 * holds the marked web-size JPEG. axe on both admin pages, light and dark. The geometry, the
 * sponsor's mark and the other download paths are held by tests/integration/watermarks.test.ts.
 */

/** RGB pixels of an encoded image. */
async function pixels(bytes: Buffer) {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Mean absolute difference of two same-sized images inside a box given in shares of the size. */
function difference(
  a: Awaited<ReturnType<typeof pixels>>,
  b: Awaited<ReturnType<typeof pixels>>,
  box: { x: number; y: number; w: number; h: number },
): number {
  let sum = 0;
  let n = 0;
  const [x0, y0] = [Math.round(box.x * a.width), Math.round(box.y * a.height)];
  const [x1, y1] = [Math.round((box.x + box.w) * a.width), Math.round((box.y + box.h) * a.height)];
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++)
      for (let c = 0; c < 3; c++) {
        const i = (y * a.width + x) * 3 + c;
        sum += Math.abs(a.data[i]! - b.data[i]!);
        n++;
      }
  return sum / n;
}

const BOTTOM_RIGHT = { x: 0.66, y: 0.82, w: 0.32, h: 0.15 };
const TOP_LEFT = { x: 0.03, y: 0.05, w: 0.4, h: 0.4 };

/** The w640 WebP URL the fan's page names for the photo (its version included). */
async function renditionUrl(
  request: APIRequestContext,
  playerPath: string,
  mediaId: string,
): Promise<string> {
  const html = await (await request.get(playerPath)).text();
  const match = new RegExp(`/api/media/${mediaId}/w640\\.webp\\?v=[a-z0-9]+`).exec(html);
  expect(match, "the page names the photo's w640 rendition").not.toBeNull();
  return match![0];
}

test("an organiser watermarks a gallery; fans' renditions and downloads carry the mark", async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const { companyId } = await adminOfNewCompany(context, "Watermark Co");
  await sql(`update company set plan = 'professional' where id = $1`, [companyId]);
  const { contentId } = await createPublishedGallery(companyId, "Marked Night");
  const [company] = await sql<{ slug: string }>(`select slug from company where id = $1`, [companyId]);
  const playerPath = `/${company!.slug}/player/${contentId}`;

  // One photo, uploaded through the edit screen, processed by the worker.
  await page.goto(`/admin/content/${contentId}`);
  await page
    .locator('input[type="file"]')
    .first()
    .setInputFiles({
      name: "stage.jpg",
      mimeType: "image/jpeg",
      buffer: await generatePhoto({ seed: 3602, theme: "festival", width: 2400, height: 1600 }),
    });
  await expect
    .poll(
      async () =>
        (await sql<{ state: string }>(`select state from media_file where "contentId" = $1`, [contentId]))[0]
          ?.state,
      { timeout: 90_000 },
    )
    .toBe("ready");
  const [{ id: mediaId }] = (await sql<{ id: string }>(`select id from media_file where "contentId" = $1`, [
    contentId,
  ])) as [{ id: string }];

  // The fan's clean rendition, before.
  const fan = await browser.newContext({ baseURL });
  await skipCookieBanner(fan);
  await setLocale(fan, baseURL!, "en");
  const cleanUrl = await renditionUrl(fan.request, playerPath, mediaId);
  const clean = Buffer.from(await (await fan.request.get(cleanUrl)).body());

  // Settings → Watermark: a text mark, bottom right, large and opaque.
  await page.goto("/admin/settings");
  await page.getByRole("link", { name: /Watermark/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Watermark" })).toBeVisible();
  await page.getByRole("radio", { name: "A text" }).check();
  await page.getByLabel("Text", { exact: true }).fill("© E2E STUDIO");
  await page.getByLabel("Position").selectOption({ label: "Bottom right" });
  await page.getByLabel("Size (%)").fill("40");
  await page.getByLabel("Opacity (%)").fill("100");
  await axeLightAndDark(page);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Watermark saved.")).toBeVisible();

  // The gallery's switch, and its progress to the end.
  await page.goto(`/admin/content/${contentId}`);
  const section = page.getByRole("region", { name: "Watermark" });
  const toggle = section.getByRole("switch", { name: "Watermark the photos fans see" });
  await expect(toggle).not.toBeChecked();
  await expect(toggle).toHaveAccessibleDescription(/never the original/);
  await toggle.focus();
  await page.keyboard.press("Space");
  await expect(toggle).toBeChecked();
  const progress = section.getByRole("progressbar", { name: "Watermark progress" });
  await expect(progress).toHaveAttribute("aria-valuetext", "1 of 1", { timeout: 90_000 });
  await expect(section.getByText("All 1 photo carries the watermark.")).toBeVisible();
  await axeLightAndDark(page);

  // The fan's page names another URL (the cached page was refreshed), whose pixels carry the mark.
  let markedUrl = cleanUrl;
  await expect
    .poll(async () => (markedUrl = await renditionUrl(fan.request, playerPath, mediaId)), { timeout: 30_000 })
    .not.toBe(cleanUrl);
  const answer = await fan.request.get(markedUrl);
  expect(answer.headers()["cache-control"]).toContain("immutable");
  const [before, after] = [await pixels(clean), await pixels(Buffer.from(await answer.body()))];
  expect([after.width, after.height]).toEqual([before.width, before.height]);
  expect(difference(after, before, BOTTOM_RIGHT)).toBeGreaterThan(5);
  expect(difference(after, before, TOP_LEFT)).toBeLessThan(3);

  // The fan's Download all: the marked web-size JPEG, never the 2,400 px original.
  const player = await fan.newPage();
  await player.goto(playerPath);
  await waitForHydration(player);
  const download = player.waitForEvent("download");
  await player.getByRole("button", { name: "Download all" }).click();
  const entries = readZip(await readFile((await (await download).path())!));
  expect(entries.map((e) => e.name)).toEqual(["stage.jpg"]);
  const meta = await sharp(entries[0]!.data).metadata();
  expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(["jpeg", 2048, 1365, undefined]);
  await fan.close();
});
