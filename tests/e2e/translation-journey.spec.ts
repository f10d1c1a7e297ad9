import { adminOfNewCompany, baseURL, createPublishedGallery, sql } from "./auth-support";
import { expect, test } from "./fixtures";

/**
 * The journey of issue #15 end to end: an organiser writes in Portuguese, a fan reading English
 * gets the engine's translation (marked as automatic, with the original one click away), and a
 * French version the organiser typed by hand survives a later source edit, flagged for review.
 *
 * The engine is the real Apertium (CI installs it), run by the app's inline translation worker.
 */
test("an edited Portuguese description reaches English fans translated; a hand-typed French version survives", async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(180_000);
  const { companyId } = await adminOfNewCompany(context, "Journey Co");
  const { eventId, publicPath } = await createPublishedGallery(companyId, "Noite da Viagem");

  const saveDescription = async (text: string) => {
    await page.goto(`/admin/events/${eventId}`);
    await page.getByLabel("Description", { exact: true }).fill(text);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Event saved")).toBeVisible();
  };

  // 1. The organiser writes the description in Portuguese.
  const first = "Uma noite inesquecível de música ao vivo na praia.";
  await saveDescription(first);

  // 2. An English fan (no session, English chosen) sees it translated, marked automatic.
  const fan = await browser.newContext();
  await fan.addCookies([{ name: "NEXT_LOCALE", value: "en", url: baseURL }]);
  const fanPage = await fan.newPage();
  await expect(async () => {
    await fanPage.goto(publicPath);
    // The description's version (the event name is translated too): "música" is "music" in English.
    const translated = fanPage.locator('[data-translated="automatic"]').filter({ hasText: /music/i }).first();
    await expect(translated).toBeVisible({ timeout: 1_000 });
    await expect(translated).not.toContainText("música");
    await expect(fanPage.getByRole("button", { name: /show original/i }).first()).toBeVisible({
      timeout: 1_000,
    });
  }).toPass({ timeout: 60_000 });
  await fan.close();

  // 3. The organiser types the French version by hand.
  await page.goto(`/admin/events/${eventId}`);
  const panel = page.getByTestId("translations-description");
  await panel.getByRole("button", { name: /^Translations/ }).click();
  const french = page
    .getByRole("region", { name: "Translations of Description" })
    .locator('[data-locale="fr"]');
  await french.getByRole("button", { name: "Edit Français — Description" }).click();
  const frenchText = "Une nuit inoubliable de musique live sur la plage.";
  await french.getByLabel("Français — Description").fill(frenchText);
  await french.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Français version saved.").first()).toBeVisible();
  await expect(french.getByTestId("version-status")).toHaveText("Edited");

  // 4. A later source edit keeps the French words and flags them for review.
  await saveDescription("Uma noite inesquecível de música ao vivo na praia, com convidados.");
  await page.reload();
  await page
    .getByTestId("translations-description")
    .getByRole("button", { name: /^Translations/ })
    .click();
  const frenchAfter = page
    .getByRole("region", { name: "Translations of Description" })
    .locator('[data-locale="fr"]');
  await expect(frenchAfter.getByTestId("version-status")).toHaveText("Source changed since — needs review");
  await expect(frenchAfter).toContainText(frenchText);
  const [row] = await sql<{ text: string; origin: string }>(
    `select text, origin from text_translation where entity = 'event' and "entityId" = $1 and field = 'description' and locale = 'fr'`,
    [eventId],
  );
  expect(row).toEqual({ text: frenchText, origin: "manual" });
});
