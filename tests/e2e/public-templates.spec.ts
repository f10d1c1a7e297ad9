import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { axeViolations } from "./axe";
import { createCompany, createPublishedGallery, demoCompanyId, sql } from "./auth-support";
import { expect, test } from "./fixtures";
import { setLocale, tenantOrigin, waitForHydration } from "./public-helpers";

/**
 * The company's brand on its public pages (issue #14): each template changes the landing, an
 * event and a player page, passes axe in light and dark, and draws the share image; a company
 * forced to dark is dark without the switcher; the tab icon is its logo; Enterprise has no
 * "Powered by"; its own legal text is safe Markdown. The brand is set in the database (the
 * settings form is another spec's subject).
 */
const TEMPLATES = ["classic", "editorial", "stage"] as const;

interface Brand {
  plan?: string;
  template?: string;
  brandColor?: string;
  accentColor?: string;
  colorScheme?: "system" | "light" | "dark";
  termsText?: string;
  logo?: boolean;
  photo?: boolean;
}

async function brandedCompany(name: string, brand: Brand) {
  const companyId = await createCompany(name);
  await sql(
    `update company set plan = $2, template = $3, "brandColor" = $4, "accentColor" = $5,
       "colorScheme" = $6::"BrandColorScheme", "termsText" = $7,
       "logoKey" = case when $8 then (select "logoKey" from company where id = $9) else null end
     where id = $1`,
    [
      companyId,
      brand.plan ?? "professional",
      brand.template ?? "classic",
      brand.brandColor ?? null,
      brand.accentColor ?? null,
      brand.colorScheme ?? "system",
      brand.termsText ?? null,
      brand.logo ?? false,
      await demoCompanyId(),
    ],
  );
  const gallery = await createPublishedGallery(companyId, `${name} Night`);
  if (brand.photo) {
    // One of the seed's processed photos, its renditions shared (its original key made unique),
    // so cards, the event grid, the player and the share image show a real picture.
    await sql(
      `insert into media_file (id, "companyId", "contentId", kind, "storageKey", "originalName", "mimeType",
         "sizeBytes", width, height, state, variants, "blurDataUrl", position, "updatedAt")
       select $1, $2, $3, kind, "storageKey" || '-' || $1, "originalName", "mimeType", "sizeBytes", width,
         height, state, variants, "blurDataUrl", 0, now()
       from media_file where "companyId" = $4 and kind = 'photo' and state = 'ready' and variants is not null
       order by "createdAt" limit 1`,
      [randomUUID(), companyId, gallery.contentId, await demoCompanyId()],
    );
  }
  const [{ slug }] = (await sql<{ slug: string }>(`select slug from company where id = $1`, [companyId])) as [
    { slug: string },
  ];
  return { companyId, slug, ...gallery };
}

async function expectNoViolations(page: Page, what: string): Promise<void> {
  // Checked as a fan sees it: hydrated, the engagement counts loaded.
  await waitForHydration(page);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const violations = await axeViolations(page);
  expect(violations, `${what}: ${JSON.stringify(violations, null, 1)}`).toEqual([]);
}

/** Opens `path` with the fan's stored theme choice (what the theme switcher keeps). */
async function visitWithTheme(page: Page, path: string, theme: "light" | "dark" | "system"): Promise<void> {
  await page.goto(path);
  await page.evaluate((value) => localStorage.setItem("theme", value), theme);
  await page.reload();
}

test.beforeEach(async ({ context, baseURL }) => {
  await setLocale(context, baseURL!, "en");
});

for (const template of TEMPLATES) {
  test(`the ${template} template: landing, event and player pages, axe in light and dark, share image`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    // A light brand colour: its buttons need black text, its links a darkened shade.
    const company = await brandedCompany(`Tpl ${template} ${randomUUID().slice(0, 4)}`, {
      template,
      brandColor: "#ffd400",
      accentColor: "#0a7cff",
      logo: true,
      photo: true,
    });
    const pages = [`/${company.slug}`, company.publicPath, `/${company.slug}/player/${company.contentId}`];
    await page.goto(company.publicPath);
    await expect(page.locator("main picture").first()).toBeVisible();
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const path of pages) {
        await page.goto(path);
        await expect(page.locator(`[data-template="${template}"]`)).toHaveCount(1);
        await expect(page.locator("html")).toHaveClass(scheme === "dark" ? /\bdark\b/ : /\blight\b/);
        await expectNoViolations(page, `${template} ${scheme} ${path}`);
      }
    }
    // The brand reaches the page's variables (the primary colour is the company's).
    await page.goto(pages[0]!);
    expect(
      await page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue("--tenant-brand").trim(),
      ),
    ).toBe("#ffd400");
    // The tenant's own host renders the same template.
    await page.goto(`${tenantOrigin(page.url(), company.slug)}/`);
    await expect(page.locator(`[data-template="${template}"]`)).toHaveCount(1);

    for (const [kind, id] of [
      ["company", company.companyId],
      ["event", company.eventId],
      ["content", company.contentId],
    ]) {
      const image = await request.get(`/api/og/${kind}/${id}/en`);
      expect(image.status()).toBe(200);
      expect(image.headers()["content-type"]).toBe("image/jpeg");
      expect((await image.body()).subarray(0, 3).toString("hex")).toBe("ffd8ff");
    }
  });
}

test("a company forced to dark is dark for every fan, without the theme switcher", async ({ page }) => {
  const company = await brandedCompany(`Dark ${randomUUID().slice(0, 4)}`, {
    template: "editorial",
    colorScheme: "dark",
    brandColor: "#1d4ed8",
  });
  await page.emulateMedia({ colorScheme: "light" });
  await visitWithTheme(page, `/${company.slug}`, "light");
  // The page's wrapper, and <html> once hydrated (for what renders outside the wrapper).
  await expect(page.locator('[data-template][data-page-scheme="dark"]')).toHaveCount(1);
  await expect(page.locator("html")).toHaveAttribute("data-page-scheme", "dark");
  // What renders outside the wrapper (a toast, a dialog: portals on <body>) is dark as well.
  const portalBackground = () =>
    page.evaluate(() => {
      const portal = document.body.appendChild(document.createElement("div"));
      portal.className = "bg-white dark:bg-ink-900";
      const background = getComputedStyle(portal).backgroundColor;
      portal.remove();
      return background;
    });
  expect(await portalBackground()).toBe("rgb(11, 11, 18)");
  // The body's own dark background, whatever the fan's theme says.
  await expect(page.locator("body")).toHaveCSS("background-color", "rgb(11, 11, 18)");
  await expect(page.getByRole("radiogroup", { name: "Theme" })).toHaveCount(0);
  await expectNoViolations(page, "forced dark landing");
  await page.goto(company.publicPath);
  await expect(page.locator("body")).toHaveCSS("background-color", "rgb(11, 11, 18)");
  await expect(page.getByRole("radiogroup", { name: "Theme" })).toHaveCount(0);

  // Forced light wins over a fan's dark theme the same way.
  const light = await brandedCompany(`Light ${randomUUID().slice(0, 4)}`, {
    template: "stage",
    colorScheme: "light",
    brandColor: "#1d4ed8",
  });
  await page.emulateMedia({ colorScheme: "dark" });
  await visitWithTheme(page, `/${light.slug}`, "dark");
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await expect(page.locator("body")).toHaveCSS("background-color", "rgb(255, 255, 255)");
  await expect(page.locator("html")).toHaveAttribute("data-page-scheme", "light");
  expect(await portalBackground()).toBe("rgb(255, 255, 255)");
  await expect(page.getByRole("radiogroup", { name: "Theme" })).toHaveCount(0);
  await expectNoViolations(page, "forced light landing");

  // A company on the fan's scheme keeps the switcher.
  const free = await brandedCompany(`Free ${randomUUID().slice(0, 4)}`, { template: "classic" });
  await page.emulateMedia({ colorScheme: "light" });
  await visitWithTheme(page, `/${free.slug}`, "system");
  await expect(page.getByRole("radiogroup", { name: "Theme" }).first()).toBeAttached();
  await expect(page.locator("body")).toHaveCSS("background-color", "rgb(255, 255, 255)");
});

test("a Starter company's stored picks wait for an upgrade: classic, platform colours, the fan's scheme", async ({
  page,
}) => {
  const company = await brandedCompany(`Starter ${randomUUID().slice(0, 4)}`, {
    plan: "starter",
    template: "stage",
    colorScheme: "dark",
    brandColor: "#ffd400",
  });
  await page.goto(`/${company.slug}`);
  await expect(page.locator('[data-template="classic"]')).toHaveCount(1);
  await expect(page.locator("[data-page-scheme]")).toHaveCount(0);
  expect(
    await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue("--tenant-brand").trim(),
    ),
  ).toBe("#c2410c");
});

test("the tab icon is the company's logo; Enterprise has no Powered by", async ({ page }) => {
  const withLogo = await brandedCompany(`Logo ${randomUUID().slice(0, 4)}`, { logo: true });
  await page.goto(landingOf(withLogo));
  const icon = page.locator('link[rel="icon"]');
  await expect(icon).toHaveAttribute("href", new RegExp(`/api/media/logo/${withLogo.companyId}\\?v=`));
  const logo = await page.request.get((await icon.getAttribute("href"))!);
  expect(logo.status()).toBe(200);
  expect(logo.headers()["content-type"]).toMatch(/^image\//);
  await expect(page.getByRole("link", { name: "Powered by Afterglow" })).toBeVisible();

  await page.goto(withLogo.publicPath);
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute("href", /\/api\/media\/logo\//);

  const noLogo = await brandedCompany(`NoLogo ${randomUUID().slice(0, 4)}`, {});
  await page.goto(landingOf(noLogo));
  await expect(page.locator('link[rel="icon"][href*="/api/media/logo/"]')).toHaveCount(0);

  const enterprise = await brandedCompany(`Ent ${randomUUID().slice(0, 4)}`, { plan: "enterprise" });
  await page.goto(landingOf(enterprise));
  await expect(page.getByRole("contentinfo")).toBeVisible();
  await expect(page.getByText("Powered by Afterglow")).toHaveCount(0);
});

test("the company's own terms are safe Markdown", async ({ page }) => {
  const company = await brandedCompany(`Legal ${randomUUID().slice(0, 4)}`, {
    template: "editorial",
    termsText: [
      "# Our terms",
      "We keep **your** photos *safe*. Questions: [write to us](mailto:dpo@legal.example).",
      "",
      "- one",
      "- two",
      "",
      '<script>window.__pwned = 1</script> [click](javascript:window.__pwned=2) <img src=x onerror="window.__pwned=3">',
    ].join("\n"),
  });
  await page.goto(`/${company.slug}/termos`);
  await expect(page.getByRole("heading", { level: 2, name: "Our terms" })).toBeVisible();
  await expect(page.getByRole("link", { name: "write to us" })).toHaveAttribute(
    "href",
    "mailto:dpo@legal.example",
  );
  await expect(page.locator("main strong")).toHaveText("your");
  await expect(page.locator("main li")).toHaveText(["one", "two"]);
  await expect(page.getByText("<script>window.__pwned = 1</script>", { exact: false })).toBeVisible();
  await expect(page.locator('main a[href^="javascript:"]')).toHaveCount(0);
  await expect(page.locator("main img")).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  await expectNoViolations(page, "terms");
});

function landingOf(c: { slug: string }): string {
  return `/${c.slug}`;
}
