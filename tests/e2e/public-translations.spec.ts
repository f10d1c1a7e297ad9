import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { sourceHash } from "@/lib/features/translation/fields";
import { axeViolations } from "./axe";
import { adminOfNewCompany, baseURL, createPublishedGallery, sql } from "./auth-support";
import { expect, test } from "./fixtures";
import { skipCookieBanner, waitForHydration } from "./public-helpers";

/**
 * Fans read the organiser's texts in their own language (issue #15): versions written straight
 * to `text_translation` (what the engine's jobs store), the first visit's language from the
 * browser, and the "translated automatically — show original" toggle.
 */
const ORIGINAL = "Três noites de música ao vivo na praia, com convidados especiais.";
const ENGLISH = "Three nights of live music on the beach, with special guests.";
const SPANISH = "Tres noches de música en vivo en la playa, con invitados especiales.";

async function eventWithVersions(context: Parameters<typeof adminOfNewCompany>[0]) {
  const { companyId } = await adminOfNewCompany(context, "Translations E2E");
  const gallery = await createPublishedGallery(companyId, "Festival de Verão");
  await sql(`update event set description = $1 where id = $2`, [ORIGINAL, gallery.eventId]);
  for (const [locale, text] of [
    ["en", ENGLISH],
    ["es", SPANISH],
  ] as const) {
    await sql(
      `insert into text_translation (id, "companyId", entity, "entityId", field, locale, text, origin, state, "sourceHash", engine, "updatedAt")
       values ($1, $2, 'event', $3, 'description', $4, $5, 'automatic', 'ready', $6, 'apertium', now())`,
      [randomUUID(), companyId, gallery.eventId, locale, text, sourceHash(ORIGINAL, "pt")],
    );
  }
  return gallery;
}

async function expectNoViolations(page: Page, label: string) {
  const violations = await axeViolations(page);
  expect(violations, `${label}: ${JSON.stringify(violations, null, 1)}`).toEqual([]);
}

test("the English event page shows the automatic version, and the original on demand", async ({
  page,
  context,
}) => {
  const { publicPath } = await eventWithVersions(context);
  await page.goto(publicPath);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  const translated = page.locator('[data-translated="automatic"]');
  await expect(translated).toHaveText(ENGLISH);
  await expect(translated).toHaveAttribute("lang", "en");
  await expect(page.getByText("Translated automatically")).toBeVisible();
  // The original is in the page already, hidden until asked for.
  const original = page.locator('[lang="pt"]', { hasText: ORIGINAL });
  await expect(original).toBeHidden();

  await waitForHydration(page);
  await page.getByRole("button", { name: /show original/i }).click();
  await expect(original).toBeVisible();
  await expect(translated).toBeHidden();
  await expect(page.getByText("Original (Português)")).toBeVisible();
  await page.getByRole("button", { name: /show translation/i }).click();
  await expect(translated).toBeVisible();
  await expect(original).toBeHidden();
});

test("the event page with the toggle has no axe violations, light and dark", async ({ page, context }) => {
  const { publicPath } = await eventWithVersions(context);
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(publicPath);
    await expect(page.locator("html")).toHaveClass(scheme === "dark" ? /\bdark\b/ : /\blight\b/);
    await expect(page.getByRole("button", { name: /show original/i })).toBeVisible();
    await expectNoViolations(page, scheme);
    await waitForHydration(page);
    await page.getByRole("button", { name: /show original/i }).click();
    await expect(page.getByRole("button", { name: /show translation/i })).toBeVisible();
    await expectNoViolations(page, `${scheme}, original shown`);
  }
});

test("a Spanish browser lands on Spanish pages on its first visit; the language menu wins after", async ({
  page,
  context,
  browser,
}) => {
  const { publicPath } = await eventWithVersions(context);
  await page.close();

  // No language cookie: only the browser's Accept-Language (es-ES) speaks for the fan.
  const spanish = await browser.newContext({ locale: "es-ES", baseURL });
  await skipCookieBanner(spanish);
  try {
    const fan = await spanish.newPage();
    const first = await fan.goto(publicPath);
    // HTTP caches see only the public URL: the answer names what its language came from, and
    // Next's own Vary (RSC …) is kept beside it.
    const vary = first!.headers()["vary"] ?? "";
    expect(vary).toMatch(/Accept-Language/i);
    expect(vary).toMatch(/Cookie/i);
    expect(vary).toMatch(/\bRSC\b/i);
    await expect(fan.locator("html")).toHaveAttribute("lang", "es");
    await expect(fan.locator('[data-translated="automatic"]')).toHaveText(SPANISH);
    await expect(fan.getByRole("button", { name: "Mostrar original" })).toBeVisible();
    // Remembered for the visit.
    expect((await spanish.cookies()).find((c) => c.name === "NEXT_LOCALE")?.value).toBe("es");

    await waitForHydration(fan);
    await fan.getByLabel("Idioma").first().selectOption("fr");
    await expect(fan.locator("html")).toHaveAttribute("lang", "fr");
    // No French version: the chain's next step, English.
    await expect(fan.locator('[data-translated="automatic"]')).toHaveText(ENGLISH);
    await fan.goto(publicPath);
    await expect(fan.locator("html")).toHaveAttribute("lang", "fr");
    expect((await spanish.cookies()).find((c) => c.name === "NEXT_LOCALE")?.value).toBe("fr");
  } finally {
    await spanish.close();
  }
});

test("the landing and player pages offer the original of their automatic texts, axe-clean", async ({
  page,
  context,
}) => {
  const { companyId } = await adminOfNewCompany(context, "Translations Landing E2E");
  const gallery = await createPublishedGallery(companyId, "Noite de Fado");
  const [company] = await sql<{ slug: string }>(`select slug from company where id = $1`, [companyId]);
  const description = "Fotografias oficiais das nossas noites de fado em Lisboa.";
  const english = "Official photos of our fado nights in Lisbon.";
  const title = "Noite de Fado gallery";
  await sql(`update company set description = $1 where id = $2`, [description, companyId]);
  for (const [entity, entityId, field, source, text] of [
    ["company", companyId, "description", description, english],
    ["content", gallery.contentId, "title", title, "Fado Night gallery"],
  ] as const) {
    await sql(
      `insert into text_translation (id, "companyId", entity, "entityId", field, locale, text, origin, state, "sourceHash", "updatedAt")
       values ($1, $2, $3, $4, $5, 'en', $6, 'automatic', 'ready', $7, now())`,
      [randomUUID(), companyId, entity, entityId, field, text, sourceHash(source, "pt")],
    );
  }
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(`/${company!.slug}`);
    await expect(page.locator('[data-translated="automatic"]')).toHaveText(english);
    // The event card's name has no English version: the source, marked as Portuguese.
    await expect(page.locator('a [lang="pt"]', { hasText: "Noite de Fado" })).toBeVisible();
    await expectNoViolations(page, `landing ${scheme}`);
    await waitForHydration(page);
    await page.getByRole("button", { name: /show original/i }).click();
    await expect(page.locator('[lang="pt"]', { hasText: description })).toBeVisible();
    await expectNoViolations(page, `landing ${scheme}, original shown`);

    await page.goto(`/${company!.slug}/player/${gallery.contentId}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Fado Night gallery");
    await expectNoViolations(page, `player ${scheme}`);
    await waitForHydration(page);
    await page.getByRole("button", { name: /show original/i }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByRole("heading", { level: 1 })).toHaveAttribute("lang", "pt");
  }
});
