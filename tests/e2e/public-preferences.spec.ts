import { expect, test } from "@playwright/test";
import { setLocale, skipCookieBanner, waitForHydration } from "./public-helpers";

test.beforeEach(async ({ context }) => {
  await skipCookieBanner(context);
});

test("choosing a language re-renders the page in it and remembers it", async ({ page, context }) => {
  await page.goto("/");
  await waitForHydration(page);
  await expect(page.locator("html")).toHaveAttribute("lang", "pt");
  await page.getByLabel("Idioma").first().selectOption("en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Be present. We keep the memory.");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.locator("#pricing")).toContainText("$37");
  expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("en");
  const cookie = (await context.cookies()).find((c) => c.name === "NEXT_LOCALE");
  expect(cookie?.value).toBe("en");

  // Kept on the next visit (the server renders it from the cookie).
  await page.goto("/demo");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Demo Live — Official galleries");

  await page.getByLabel("Language").first().selectOption("fr");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Demo Live — Galeries officielles");
});

test("an unknown language falls back to Portuguese; Spanish prices are in euros", async ({
  page,
  context,
  baseURL,
}) => {
  await setLocale(context, baseURL!, "de");
  await context.addInitScript(() => localStorage.setItem("language", "klingon"));
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "pt");
  await waitForHydration(page);
  expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("pt");

  await setLocale(context, baseURL!, "es");
  await page.goto("/");
  await expect(page.locator("#pricing")).toContainText("12 €");
  await expect(page.locator("#pricing")).toContainText("37 €");
});

test("the theme switch applies at once, survives a reload and system follows the OS", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/privacy");
  await waitForHydration(page);
  const html = page.locator("html");
  await expect(html).not.toHaveClass(/dark/);

  await page.getByRole("radio", { name: "Escuro" }).click();
  await expect(html).toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");
  await page.reload();
  // Applied before paint by the inline theme script (no flash), before hydration.
  await expect(html).toHaveClass(/dark/);

  await waitForHydration(page);
  await page.getByRole("radio", { name: "Sistema" }).click();
  await expect(html).not.toHaveClass(/dark/);
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(html).toHaveClass(/dark/);
});
