import { axeLightAndDark } from "./axe";
import {
  adminOfNewCompany,
  createPublishedGallery,
  readMail,
  sql,
  uniqueEmail,
  uploadPhotos,
} from "./auth-support";
import { expect, test } from "./fixtures";
import { setLocale, skipCookieBanner, waitForHydration } from "./public-helpers";

/**
 * Issue #36, review before publishing, through the real UI: the organiser (Professional) sends a
 * draft gallery of five photos for review; the reviewer, in another browser, opens the e-mailed
 * link, approves three photos, rejects one, notes one and marks the review done; the organiser
 * sees who approved what and publishes the approved set; a fan then sees exactly those three,
 * and the reviewer is told by e-mail. The rules, limits and tenancy are held by
 * tests/integration/gallery-review.test.ts.
 */
test("a reviewer approves 3 of 5 photos and the fan sees exactly those", async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const { companyId } = await adminOfNewCompany(context, "Review Co");
  await sql(`update company set plan = 'professional' where id = $1`, [companyId]);
  const { contentId } = await createPublishedGallery(companyId, "Encore");
  await sql(`update content set status = 'draft' where id = $1`, [contentId]);
  const [company] = await sql<{ slug: string }>(`select slug from company where id = $1`, [companyId]);
  const reviewerEmail = uniqueEmail("artist");

  await page.goto(`/admin/content/${contentId}`);
  const photos = await uploadPhotos(page, contentId, 5, 3800);
  await page.reload();

  // The organiser sends the draft for review, with a message and a maximum.
  const panel = page.getByRole("region", { name: "Review before publishing" });
  await panel.getByLabel("Reviewers' e-mail addresses").fill(reviewerEmail);
  await panel.getByLabel("Message to reviewers (optional)").fill("Only the ones with the full band, please.");
  await panel.getByLabel("Maximum to approve").fill("3");
  await panel.getByRole("button", { name: "Send for review" }).click();
  await expect(page.getByText("Invitation sent to 1 reviewer.")).toBeVisible();
  await expect(panel.getByTestId("reviewer")).toContainText(reviewerEmail);
  await expect(panel.getByTestId("reviewer")).toContainText("Invited");
  await axeLightAndDark(page);

  // The reviewer: another browser, the e-mailed link, no account.
  const mail = await readMail(reviewerEmail, "asks for your review");
  expect(mail.text).toContain("Only the ones with the full band, please.");
  const reviewer = await browser.newContext({ baseURL });
  await setLocale(reviewer, baseURL!, "en");
  const board = await reviewer.newPage();
  await board.goto(new URL(mail.link).pathname);
  await expect(board.getByRole("heading", { name: "Review: Encore gallery" })).toBeVisible();
  const items = board.getByTestId("review-photo");
  await expect(items).toHaveCount(5);
  await waitForHydration(board);
  // Every preview loads (marked, from the review's own route).
  for (let i = 0; i < 5; i++)
    await expect
      .poll(() =>
        items
          .nth(i)
          .locator("img")
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBeGreaterThan(0);
  await axeLightAndDark(board);

  for (const i of [0, 1, 3]) {
    await items.nth(i).getByRole("button", { name: "Approve" }).click();
    await expect(items.nth(i)).toHaveAttribute("data-decision", "approved");
  }
  // A fourth approval is over the maximum: refused, said next to the photo.
  await items.nth(4).getByRole("button", { name: "Approve" }).click();
  await expect(items.nth(4).getByRole("alert")).toHaveText(
    "You can approve at most 3 photos: take one back first.",
  );
  await expect(items.nth(4)).toHaveAttribute("data-decision", "none");
  await items.nth(2).getByRole("button", { name: "Reject" }).click();
  await expect(items.nth(2)).toHaveAttribute("data-decision", "rejected");
  await items.nth(0).getByLabel("Note on photo 1").fill("Brighten the singer a little.");
  await items.nth(0).getByRole("button", { name: "Save note" }).click();
  await expect(items.nth(0).getByText("Saved", { exact: true })).toBeVisible();
  await expect(board.getByTestId("review-counts")).toHaveText("3 approved · 1 rejected · 5 photos");
  await board.getByRole("button", { name: "Mark review done" }).click();
  await board.getByRole("dialog").getByRole("button", { name: "Finish review" }).click();
  await expect(board.getByText("Review done — thank you.")).toBeVisible();

  // The organiser sees who approved what, then publishes the approved set.
  await page.reload();
  await expect(panel.getByTestId("reviewer")).toContainText("Done");
  await expect(panel.getByTestId("reviewer")).toContainText("3 approved · 1 rejected");
  await expect(panel.getByTestId("review-verdicts")).toContainText("Brighten the singer a little.");
  await expect(panel.getByTestId("review-approved-count")).toHaveText("3 of 5 photos in the approved set.");
  await panel.getByRole("button", { name: "Publish approved set" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByText("Published with 3 photos.")).toBeVisible();
  await expect(panel.getByTestId("review-ended")).toContainText("The last review was published");

  const hidden = await sql<{ id: string }>(
    `select id from media_file where "contentId" = $1 and hidden order by position, "createdAt"`,
    [contentId],
  );
  expect(hidden.map((row) => row.id)).toEqual([photos[2], photos[4]]);

  // A fan sees exactly the three approved photos; a hidden one's rendition is not there.
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
  await expect(player.locator(`img[src*="${photos[2]}"]`)).toHaveCount(0);
  const [variant] = await sql<{ key: string }>(
    `select variants->0->>'key' as key from media_file where id = $1`,
    [photos[2]],
  );
  expect(
    (await player.request.get(`/api/media/${photos[2]}/${variant!.key.split("/").pop()}`)).status(),
  ).toBe(404);

  // The reviewer is told, and their link now says the review has ended.
  expect((await readMail(reviewerEmail, "is published")).text).toContain("3 approved photos");
  await board.reload();
  await expect(board.getByRole("heading", { name: "This review has ended" })).toBeVisible();
  await reviewer.close();
  await fan.close();
});
