import { adminOfNewCompany, createPublishedGallery, sql } from "./auth-support";
import { expect, test } from "./fixtures";

/**
 * Issue #34, row 2, the organiser's side: fans' photo downloads leave out GPS and camera data
 * unless the gallery keeps them. The setting is off by default, its warning is read with the
 * checkbox, and it is saved by the content form (the fans' bytes are checked through the route
 * handlers in tests/integration/download-metadata.test.ts).
 */
test("a gallery keeps photo metadata in fans' downloads only when the organiser says so", async ({
  page,
  context,
}) => {
  const { companyId } = await adminOfNewCompany(context, "Metadata Co");
  const { contentId } = await createPublishedGallery(companyId, "Metadata Night");
  const keptIn = async () =>
    (
      await sql<{ keep: boolean }>(`select "keepPhotoMetadata" as keep from content where id = $1`, [
        contentId,
      ])
    )[0]!.keep;

  await page.goto(`/admin/content/${contentId}`);
  const details = page.getByRole("region", { name: "Details" });
  const setting = details.getByRole("checkbox", {
    name: "Keep photo and video metadata (location, camera) in fans' downloads",
  });
  await expect(setting).not.toBeChecked();
  await expect(setting).toHaveAccessibleDescription(
    /anyone who downloads one can then see where it was taken/,
  );

  // Keyboard only: focus the checkbox, tick it with Space, save.
  await setting.focus();
  await page.keyboard.press("Space");
  await expect(setting).toBeChecked();
  await details.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Content saved")).toBeVisible();
  await expect.poll(keptIn).toBe(true);

  await page.reload();
  await expect(setting).toBeChecked();
  await setting.uncheck();
  await details.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Content saved")).toBeVisible();
  await expect.poll(keptIn).toBe(false);
});
