import { expect, test } from "@playwright/test";
import { skipCookieBanner } from "./public-helpers";

test.beforeEach(async ({ context }) => {
  await skipCookieBanner(context);
});

test("the marketing home renders in Portuguese by default", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveTitle(/Afterglow/);
  await expect(page.locator("html")).toHaveAttribute("lang", "pt");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Esteja presente. Nós guardamos a memória.",
  );
  for (const city of ["London", "Paris", "Barcelona", "Los Angeles"]) {
    await expect(page.getByText(city, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole("link", { name: "Entrar" })).toHaveAttribute("href", "/auth");
});

test("Learn More scrolls to the problem section", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("link", { name: "Saber mais" }).click();
  await expect(page).toHaveURL(/#problem$/);
  await expect(page.getByRole("heading", { name: "O problema" })).toBeInViewport();
});

test("the language cookie switches the rendered language", async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: "NEXT_LOCALE", value: "en", url: baseURL! }]);
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Be present. We keep the memory.");
  await expect(page.getByText("$12")).toBeVisible();
});

test("an unknown path shows the not-found page with a way home", async ({ page }) => {
  const response = await page.goto("/a/b/c");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Página não encontrada" })).toBeVisible();
  await page.getByRole("link", { name: "Voltar ao início" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("health answers ok for the database and storage", async ({ request }) => {
  const response = await request.get("/api/health");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: "ok", db: "ok", storage: "ok" });
});
