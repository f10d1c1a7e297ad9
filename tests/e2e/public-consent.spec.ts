import { expect, test, type Page } from "@playwright/test";
import { waitForHydration } from "./public-helpers";

const T0 = new Date("2026-11-01T10:00:00Z");
const banner = (page: Page) => page.getByRole("region", { name: "Utilizamos cookies" });
const stored = (page: Page, key: string) =>
  page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? "null") as unknown, key);

/** The page's clock is paused: its timers only run when a test says so. */
async function openWithBanner(page: Page) {
  await page.clock.install({ time: T0 });
  await page.clock.pauseAt(new Date(T0.getTime() + 1000));
  await page.goto("/terms");
  await waitForHydration(page);
  await page.clock.runFor(1900);
  await expect(banner(page)).toBeHidden();
  await page.clock.runFor(200);
  await expect(banner(page)).toBeVisible();
}

test("the banner shows 2 s after load; Accept turns every category on and is audited", async ({ page }) => {
  await openWithBanner(page);
  await banner(page).getByRole("button", { name: "Aceitar todos" }).click();
  await expect(banner(page)).toBeHidden();

  const status = page.getByRole("status").filter({ hasText: "Cookies: todos aceites." });
  await expect(status).toBeVisible();
  await page.clock.runFor(3100);
  await expect(status).toBeHidden();

  expect(await stored(page, "cookie-consent")).toEqual({
    preferences: { necessary: true, functional: true, analytics: true, marketing: true },
    decision: "accepted",
    version: "1.0",
    date: expect.stringMatching(/^2026-11-01T10:00:0\d/),
  });
  const audit = (await stored(page, "cookie-consent-audit")) as { url: string; userAgent: string }[];
  expect(audit).toHaveLength(1);
  expect(audit[0]?.url).toContain("/terms");
  expect(audit[0]?.userAgent).toBeTruthy();

  // A decision exists: no banner on the next page.
  await page.goto("/privacy");
  await waitForHydration(page);
  await page.clock.runFor(2500);
  await expect(banner(page)).toBeHidden();
});

test("Decline keeps necessary and functional only", async ({ page }) => {
  await openWithBanner(page);
  await banner(page).getByRole("button", { name: "Recusar" }).click();
  expect(await stored(page, "cookie-consent")).toMatchObject({
    preferences: { necessary: true, functional: true, analytics: false, marketing: false },
    decision: "declined",
  });
});

test("the settings dialog saves a choice; necessary cannot be turned off", async ({ page }) => {
  await openWithBanner(page);
  await banner(page).getByRole("button", { name: "Definições" }).click();
  // The dialog's code loads on demand and animates in: let the paused clock run.
  await page.clock.runFor(1000);
  const dialog = page.getByRole("dialog", { name: "Definições de cookies" });
  await expect(dialog.getByRole("switch", { name: "Necessários" })).toBeDisabled();
  await expect(dialog.getByRole("switch", { name: "Necessários" })).toHaveAttribute("aria-checked", "true");
  await dialog.getByRole("switch", { name: "Análise" }).click();
  await expect(dialog.getByRole("switch", { name: "Análise" })).toHaveAttribute("aria-checked", "true");
  await dialog.getByRole("button", { name: "Guardar preferências" }).click();
  await page.clock.runFor(1000);
  await expect(dialog).toBeHidden();
  expect(await stored(page, "cookie-consent")).toMatchObject({
    preferences: { necessary: true, functional: true, analytics: true, marketing: false },
    decision: "custom",
  });

  // Reopened from the footer, it shows the saved choice.
  await page.getByRole("button", { name: "Definições de cookies" }).click();
  await page.clock.runFor(1000);
  await expect(dialog.getByRole("switch", { name: "Análise" })).toHaveAttribute("aria-checked", "true");
  await expect(dialog.getByRole("switch", { name: "Marketing" })).toHaveAttribute("aria-checked", "false");
});

test("closing marks the banner seen without a decision", async ({ page }) => {
  await openWithBanner(page);
  await banner(page).getByRole("button", { name: "Fechar o aviso de cookies" }).click();
  await expect(banner(page)).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem("cookie-banner-seen"))).toBe("true");
  expect(await stored(page, "cookie-consent")).toBeNull();
  await page.reload();
  await waitForHydration(page);
  await page.clock.runFor(2500);
  await expect(banner(page)).toBeHidden();
});

test("a decision expires after 365 days and the banner asks again", async ({ page }) => {
  await openWithBanner(page);
  await banner(page).getByRole("button", { name: "Aceitar todos" }).click();

  await page.clock.setSystemTime(new Date(T0.getTime() + 364 * 24 * 3600 * 1000));
  await page.reload();
  await waitForHydration(page);
  await page.clock.runFor(2500);
  await expect(banner(page)).toBeHidden();

  await page.clock.setSystemTime(new Date(T0.getTime() + 366 * 24 * 3600 * 1000));
  await page.reload();
  await waitForHydration(page);
  await page.clock.runFor(2500);
  await expect(banner(page)).toBeVisible();
  expect(await stored(page, "cookie-consent")).toBeNull();
});

test("the cookie policy lists every cookie and stored item a fan's browser holds, by keyboard too", async ({
  page,
  context,
}) => {
  // A fan's visit: a player page, a like, the theme and language chosen, the cookie choice made.
  await openWithBanner(page);
  await banner(page).getByRole("button", { name: "Aceitar todos" }).click();
  await page.clock.resume();
  await page.goto("/demo/player/seed-festival-palco-principal");
  await waitForHydration(page);
  await page.goto("/cookies");
  await waitForHydration(page);

  const table = page.getByTestId("cookie-table");
  await expect(table.getByRole("columnheader")).toHaveText([
    "Nome",
    "Tipo",
    "Categoria",
    "Finalidade",
    "Duração",
  ]);
  await expect(page.getByTestId("cookie-row-source").getByRole("cell")).toHaveText([
    "Cookie",
    "Funcional",
    /De onde veio a sua visita/,
    "1 dia",
  ]);
  // Each name cell may list several names; `<id>` stands for any id.
  const patterns = (await table.getByRole("rowheader").allTextContents()).flatMap((cell) =>
    cell
      .split(", ")
      .map((name) => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace("<id>", ".+")}$`)),
  );
  const held = [
    ...(await context.cookies()).map((c) => c.name),
    ...(await page.evaluate(() => [...Object.keys(localStorage), ...Object.keys(sessionStorage)])),
  ];
  expect(held.length).toBeGreaterThan(3);
  for (const name of held)
    expect(
      patterns.some((p) => p.test(name)),
      `${name} is not in the table`,
    ).toBe(true);

  // A phone scrolls the table sideways: its region takes the keyboard's focus.
  const region = page.getByRole("region", { name: /^Os cookies e o armazenamento do navegador/ });
  await region.focus();
  await expect(region).toBeFocused();
});

test("the first Tab reaches “Skip to content”, not the cookie banner or its reminder (issue #40)", async ({
  page,
}) => {
  const skip = page.getByRole("link", { name: "Saltar para o conteúdo" });
  await openWithBanner(page);
  await page.keyboard.press("Tab");
  await expect(skip).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#main$/);
  // The banner is still reachable by keyboard after the page's own links: nothing is trapped.
  await banner(page).getByRole("button", { name: "Recusar" }).focus();
  await page.keyboard.press("Enter");
  await expect(banner(page)).toBeHidden();

  // A new visit with the decision stored: the reminder shows, and the first Tab is still the skip link.
  await page.evaluate(() => sessionStorage.clear());
  await page.goto("/privacy");
  await waitForHydration(page);
  await expect(page.getByRole("status").filter({ hasText: "Cookies" })).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(skip).toBeFocused();
});
