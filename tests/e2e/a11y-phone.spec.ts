import { expect, test, type Page } from "@playwright/test";
import { skipCookieBanner, waitForHydration } from "./public-helpers";

/**
 * Issue #18 on a phone (390×844, touch): every control is at least 44×44 CSS px, and the
 * cookie banner never covers a primary button.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const MIN = 44;

/**
 * Visible controls smaller than 44×44. A link inside running text (a `p`) is exempt, as WCAG
 * 2.5.8 exempts inline targets; a native checkbox or radio counts by its label, which is what
 * a finger presses.
 */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="radio"], [role="tab"], [role="checkbox"], [role="switch"], [role="link"]';
    const found: string[] = [];
    for (const element of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      if (element.closest("p") && element.tagName === "A") continue;
      if (element.matches(":disabled") || element.closest("[inert], [aria-hidden='true']")) continue;
      const style = getComputedStyle(element);
      if (style.visibility === "hidden" || style.display === "none") continue;
      // Screen-reader-only controls (the skip link until focused) are clipped away.
      if (style.clipPath === "inset(50%)" || style.clip === "rect(0px, 0px, 0px, 0px)") continue;
      let target: Element = element;
      if (element.matches('input[type="checkbox"], input[type="radio"]')) {
        const byFor = element.id ? document.querySelector(`label[for="${CSS.escape(element.id)}"]`) : null;
        target = element.closest("label") ?? byFor ?? element;
      }
      const box = target.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      if (box.width + 0.5 < min || box.height + 0.5 < min) {
        const name = (element.getAttribute("aria-label") ?? element.textContent ?? "").trim().slice(0, 40);
        const tag =
          element.tagName.toLowerCase() +
          (element.getAttribute("role") ? `[role=${element.getAttribute("role")}]` : "");
        found.push(`${tag} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`);
      }
    }
    return found;
  }, MIN);
}

const PAGES = [
  "/",
  "/terms",
  "/auth",
  "/demo",
  "/demo/evento/festival-de-verao",
  "/demo/player/seed-festival-palco-principal",
  "/player/seed-festival-abertura",
];

test("every control on the public pages is at least 44×44 px on a phone", async ({ page, context }) => {
  test.setTimeout(PAGES.length * 15_000);
  await skipCookieBanner(context);
  const problems: string[] = [];
  for (const path of PAGES) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    problems.push(...(await smallTargets(page)).map((problem) => `${path}: ${problem}`));
  }
  expect(problems, problems.join("\n")).toEqual([]);
});

test("the cookie banner's own controls are at least 44×44 px on a phone", async ({ page }) => {
  await page.goto("/terms");
  const banner = page.getByRole("region", { name: "Utilizamos cookies" });
  await expect(banner).toBeVisible();
  const problems = (await smallTargets(page)).filter((problem) => !problem.startsWith("a "));
  expect(await banner.evaluate((b) => b.querySelectorAll("button").length)).toBeGreaterThan(0);
  const inBanner = await banner.evaluate((b, min) => {
    return Array.from(b.querySelectorAll("button"))
      .map((button) => button.getBoundingClientRect())
      .filter((box) => box.width + 0.5 < min || box.height + 0.5 < min)
      .map((box) => `${Math.round(box.width)}×${Math.round(box.height)}`);
  }, MIN);
  expect(inBanner, problems.join("\n")).toEqual([]);
});

for (const [name, path] of [
  ["sign-up", "/auth?mode=signup"],
  ["sign-in", "/auth"],
  ["reset password", "/auth/reset-password?token=not-a-real-token"],
  ["forgot password", "/auth/forgot-password"],
] as const) {
  test(`the cookie banner never covers the ${name} button`, async ({ page }) => {
    await page.goto(path);
    await waitForHydration(page);
    const banner = page.getByRole("region", { name: "Utilizamos cookies" });
    await expect(banner).toBeVisible();
    const submit = page.locator("main form button[type=submit]").last();
    await expect(submit).toBeVisible();
    // Scrolled as far as the page goes, the button must be clear of the banner and clickable.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect
      .poll(async () => {
        const [button, cover] = [await submit.boundingBox(), await banner.boundingBox()];
        return !!button && !!cover && button.y + button.height <= cover.y;
      })
      .toBe(true);
    await submit.click({ trial: true, timeout: 2_000 });
  });
}
