import { randomUUID } from "node:crypto";
import { createCompany, createUser, startSession, sql, uniqueEmail } from "./auth-support";
import { expect, test } from "./fixtures";

/** Comment moderation on the admin content page: hide, show again, delete. */

test("a manager hides, shows again and deletes a comment", async ({ page, context, baseURL }) => {
  test.setTimeout(90_000);
  await context.addCookies([{ name: "NEXT_LOCALE", value: "en", url: baseURL! }]);
  const companyId = await createCompany("Comments Co");
  const email = uniqueEmail("comments-manager");
  await createUser({ email, role: "manager", companyId });

  const contentId = randomUUID();
  await sql(
    `insert into content (id, "companyId", title, kind, status, "updatedAt")
     values ($1, $2, 'Aftermovie', 'single', 'published', now())`,
    [contentId, companyId],
  );
  const comment = async (authorName: string | null, text: string, minutesAgo: number) => {
    const id = randomUUID();
    await sql(
      `insert into comment (id, "companyId", "contentId", "authorName", rating, text, "createdAt")
       values ($1, $2, $3, $4, 5, $5, now() - make_interval(mins => $6))`,
      [id, companyId, contentId, authorName, text, minutesAgo],
    );
    return id;
  };
  await comment("Rita", "Lovely night", 2);
  const spam = await comment(null, "Buy followers now", 1);

  await startSession(context, email);
  await page.goto(`/admin/content/${contentId}`);
  const section = page.getByRole("region", { name: "Comments" });
  await expect(section.getByTestId("comments-summary")).toHaveText("2 comments, 0 hidden");
  const items = section.getByTestId("admin-comment");
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText("Anonymous User");
  await expect(items.first()).toContainText("Buy followers now");

  // Hide: the badge appears, the row is hidden in the database (the public list reads hidden = false).
  const spamItem = items.filter({ hasText: "Buy followers now" });
  await spamItem.getByRole("button", { name: /^Hide/ }).click();
  await expect(page.getByText("Comment hidden")).toBeVisible();
  await expect(spamItem.getByText("Hidden", { exact: true })).toBeVisible();
  await expect(section.getByTestId("comments-summary")).toHaveText("2 comments, 1 hidden");
  expect(await sql(`select hidden from comment where id = $1`, [spam])).toEqual([{ hidden: true }]);
  // Fans no longer get it from the public list, at once.
  const publicTexts = async () => {
    const res = await page.request.get(`/api/content/${contentId}/comments`);
    expect(res.status()).toBe(200);
    const body = (await res.json()) as { comments: { text: string }[] };
    return body.comments.map((c) => c.text);
  };
  expect(await publicTexts()).toEqual(["Lovely night"]);

  // Still hidden after a reload; then shown again.
  await page.reload();
  await expect(spamItem.getByText("Hidden", { exact: true })).toBeVisible();
  await spamItem.getByRole("button", { name: /^Show again/ }).click();
  await expect(page.getByText("Comment visible again")).toBeVisible();
  await expect(spamItem.getByText("Hidden", { exact: true })).toHaveCount(0);
  expect(await sql(`select hidden from comment where id = $1`, [spam])).toEqual([{ hidden: false }]);
  expect(await publicTexts()).toEqual(["Buy followers now", "Lovely night"]);

  // Delete, after the confirmation.
  await spamItem.getByRole("button", { name: /^Delete/ }).click();
  await page
    .getByRole("dialog", { name: "Delete this comment?" })
    .getByRole("button", { name: "Delete comment" })
    .click();
  await expect(page.getByText("Comment deleted")).toBeVisible();
  await expect(items).toHaveCount(1);
  await expect(section.getByTestId("comments-summary")).toHaveText("1 comment, 0 hidden");
  expect(await sql(`select id from comment where id = $1`, [spam])).toEqual([]);
});
