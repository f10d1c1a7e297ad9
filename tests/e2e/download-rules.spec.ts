import { readFile } from "node:fs/promises";
import sharp from "sharp";
import { axeLightAndDark } from "./axe";
import { adminOfNewCompany, createPublishedGallery, sql } from "./auth-support";
import { expect, test } from "./fixtures";
import { setLocale, skipCookieBanner, waitForHydration } from "./public-helpers";
import { readZip } from "../support/zip-reader";
import { generatePhoto } from "@/scripts/lib/demo-media";

/**
 * Issue #36, download rules per gallery, through the real UI: the organiser picks "Web-size
 * copies" at 1,280 px on the content form (keyboard and mouse), a fan's "Download all" ZIP holds
 * a 1,280 px JPEG of the 2,400 px original; then "Nothing (view only)" and the fan's player
 * offers no download at all. The bytes' other rules (GPS, single downloads, the API refusing)
 * are held by tests/integration/download-rules.test.ts.
 */
test("an organiser gives fans web-size copies, then view only", async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const { companyId } = await adminOfNewCompany(context, "Download Rules Co");
  const { contentId } = await createPublishedGallery(companyId, "Rules Night");
  const [company] = await sql<{ slug: string }>(`select slug from company where id = $1`, [companyId]);
  const playerPath = `/${company!.slug}/player/${contentId}`;

  // One photo, uploaded through the edit screen, processed by the worker.
  await page.goto(`/admin/content/${contentId}`);
  await page
    .locator('input[type="file"]')
    .first()
    .setInputFiles({
      name: "wide.jpg",
      mimeType: "image/jpeg",
      buffer: await generatePhoto({ seed: 3601, theme: "festival", width: 2400, height: 1600 }),
    });
  await expect
    .poll(
      async () =>
        (await sql<{ state: string }>(`select state from media_file where "contentId" = $1`, [contentId]))[0]
          ?.state,
      { timeout: 90_000 },
    )
    .toBe("ready");

  const details = page.getByRole("region", { name: "Details" });
  const rule = details.getByLabel("Fans may download");
  await expect(rule).toHaveValue("original");
  await rule.selectOption({ label: "Web-size copies" });
  await expect(rule).toHaveAccessibleDescription(/Your originals stay private/);
  const edge = details.getByLabel("Web size (longest side)");
  await expect(edge).toHaveValue("2048");
  await edge.focus();
  await edge.selectOption("1280");
  await axeLightAndDark(page);
  await details.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Content saved")).toBeVisible();
  await expect
    .poll(
      async () =>
        (
          await sql<{ r: string }>(`select "downloadRule"::text as r from content where id = $1`, [contentId])
        )[0]!.r,
    )
    .toBe("web");

  // The fan's ZIP: a 1,280 px JPEG without EXIF.
  const fan = await browser.newContext({ baseURL });
  await skipCookieBanner(fan);
  await setLocale(fan, baseURL!, "en");
  const player = await fan.newPage();
  await player.goto(playerPath);
  await waitForHydration(player);
  const download = player.waitForEvent("download");
  await player.getByRole("button", { name: "Download all" }).click();
  const entries = readZip(await readFile((await (await download).path())!));
  expect(entries.map((e) => e.name)).toEqual(["wide.jpg"]);
  const meta = await sharp(entries[0]!.data).metadata();
  expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(["jpeg", 1280, 853, undefined]);

  // View only: the player offers nothing to download.
  await page.reload();
  await details.getByLabel("Fans may download").selectOption({ label: "Nothing (view only)" });
  await expect(details.getByLabel("Web size (longest side)")).toHaveCount(0);
  await details.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Content saved")).toBeVisible();
  await expect
    .poll(
      async () => {
        await player.goto(playerPath);
        return player.getByRole("button", { name: /^Download/ }).count();
      },
      { timeout: 30_000 },
    )
    .toBe(0);
  await expect(player.getByRole("img").first()).toBeVisible();
  await fan.close();
});
