import sharp from "sharp";
import { adminOfNewCompany, sql } from "./auth-support";
import { axeViolations } from "./axe";
import { expect, test } from "./fixtures";

/**
 * Settings → Branding and Legal texts (issue #14) through the real UI: a logo through the
 * upload pipeline, a colour and a template seen in the live preview before saving, then on the
 * public landing page (whose `data-template` marker the public templates set); and axe on both
 * settings pages in light and dark.
 */

async function professional(companyId: string) {
  await sql(`update company set plan = 'professional' where id = $1`, [companyId]);
}

test("an admin uploads a logo, picks a colour and a template, previews, saves; the public page shows them", async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const { companyId } = await adminOfNewCompany(context, "Brand Night Co");
  await professional(companyId);
  const [{ slug }] = (await sql<{ slug: string }>(`select slug from company where id = $1`, [companyId])) as [
    { slug: string },
  ];

  await page.goto("/admin/settings");
  await page.getByRole("link", { name: /Branding/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Branding" })).toBeVisible();

  // The logo, through the upload pipeline.
  const logo = await sharp({ create: { width: 256, height: 256, channels: 4, background: "#1d4ed8" } })
    .png()
    .toBuffer();
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: logo });
  await expect(page.getByText("Logo uploaded. Save to use it.")).toBeVisible({ timeout: 30_000 });

  // The preview follows the form before anything is saved.
  const preview = page.getByTestId("brand-preview");
  const button = page.getByTestId("brand-preview-light").getByText("View gallery");
  await expect(preview).toHaveAttribute("data-template", "classic");
  await page.getByLabel("Brand colour", { exact: true }).fill("#1d4ed8");
  await expect(button).toHaveCSS("background-color", "rgb(29, 78, 216)");
  await page.getByRole("radio", { name: /Editorial/ }).check();
  await expect(preview).toHaveAttribute("data-template", "editorial");
  // A light yellow cannot be text on white: the form says what it becomes.
  await page.getByLabel("Accent colour", { exact: true }).fill("#ffe066");
  await expect(page.getByTestId("accentColor-contrast")).toContainText(
    "On light pages, text in this colour becomes #",
  );
  await expect(preview.locator("img").first()).toBeVisible();
  expect(
    (await sql<{ template: string }>(`select template from company where id = $1`, [companyId]))[0]!.template,
  ).toBe("classic");

  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Branding saved")).toBeVisible();
  const [saved] = await sql<{ template: string; brandColor: string; logoKey: string | null }>(
    `select template, "brandColor", "logoKey" from company where id = $1`,
    [companyId],
  );
  expect(saved).toMatchObject({ template: "editorial", brandColor: "#1d4ed8" });
  expect(saved!.logoKey).toBeTruthy();
  // The inline worker makes the logo's renditions; fans get them once it is ready.
  await expect
    .poll(
      async () =>
        (
          await sql<{ state: string }>(`select state from media_file where "storageKey" = $1`, [
            saved!.logoKey,
          ])
        )[0]?.state,
      { timeout: 60_000 },
    )
    .toBe("ready");

  // The admin shell wears the brand colour.
  await page.reload();
  await expect(page.getByTestId("shell-brand-bar")).toHaveCSS("background-color", "rgb(29, 78, 216)");

  const fan = await context.browser()!.newPage();
  await fan.goto(`/${slug}`);
  const publicLogo = fan.locator(`img[src^="/api/media/logo/${companyId}"]`).first();
  await expect(publicLogo).toBeVisible();
  await expect
    .poll(() => publicLogo.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  // Its WebP rendition, answered by the page's own origin: no redirect to the store.
  const logoAnswer = await fan.request.get((await publicLogo.getAttribute("src"))!, { maxRedirects: 0 });
  expect(logoAnswer.status()).toBe(200);
  expect(logoAnswer.headers()["content-type"]).toBe("image/webp");
  await expect(fan.locator('[data-template="editorial"]').first()).toBeAttached();
  await fan.close();
});

test("a Starter admin keeps the logo but sees the brand controls locked, with the way to upgrade", async ({
  page,
  context,
}) => {
  await adminOfNewCompany(context, "Starter Brand Co");
  await page.goto("/admin/settings/branding");
  await expect(
    page.getByText("Colours, light and dark behaviour and templates come with the Professional plan."),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "See the plans" })).toHaveAttribute(
    "href",
    "/admin/subscription",
  );
  await expect(page.getByLabel("Brand colour", { exact: true })).toBeDisabled();
  await expect(page.getByRole("radio", { name: /Stage/ })).toBeDisabled();
  await expect(page.locator('input[type="file"]')).toBeEnabled();
});

for (const scheme of ["light", "dark"] as const) {
  test(`axe: no violations on the branding and legal settings pages (${scheme})`, async ({
    page,
    context,
  }) => {
    const { companyId } = await adminOfNewCompany(context, `Axe Brand ${scheme}`);
    await professional(companyId);
    // A light yellow: the branded admin shell must still reach AA with it (brandPalette).
    await sql(`update company set "brandColor" = '#ffe066' where id = $1`, [companyId]);
    await page.emulateMedia({ colorScheme: scheme });
    for (const path of ["/admin/settings/branding", "/admin/settings/legal"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByTestId("shell-brand-bar")).toBeAttached();
      if (scheme === "dark") await expect(page.locator("html")).toHaveClass(/\bdark\b/);
      else await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
      expect(await axeViolations(page), path).toEqual([]);
    }
  });
}

test("legal texts: saved as typed, with a link to the public page", async ({ page, context }) => {
  const { companyId } = await adminOfNewCompany(context, "Legal Co");
  await page.goto("/admin/settings/legal");
  await page.getByLabel("Terms of use").fill("# Our terms\n\n- **one**");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Legal texts saved")).toBeVisible();
  const [row] = await sql<{ termsText: string; slug: string }>(
    `select "termsText", slug from company where id = $1`,
    [companyId],
  );
  expect(row!.termsText).toBe("# Our terms\n\n- **one**");
  await expect(page.getByRole("link", { name: "View the public terms page" })).toHaveAttribute(
    "href",
    `/${row!.slug}/termos`,
  );
});
