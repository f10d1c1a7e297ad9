import { randomUUID } from "node:crypto";
import { sourceHash } from "@/lib/features/translation/fields";
import { adminOfNewCompany, createPublishedGallery, sql } from "./auth-support";
import { axeViolations } from "./axe";
import { expect, test } from "./fixtures";

/**
 * The translation review next to each translatable field, and Settings → Languages (issue #15),
 * through the real UI. Versions are written straight into `text_translation` so every state is
 * shown without waiting for an engine; the states themselves come from `versionStatus`.
 */

const SOURCE = "Uma noite de música ao vivo.";

async function version(
  companyId: string,
  eventId: string,
  field: "name" | "description",
  locale: "en" | "es" | "fr",
  row: {
    text: string | null;
    origin: "automatic" | "manual";
    state: "pending" | "ready" | "failed";
    hash: string;
    engine?: string;
    error?: string;
  },
) {
  await sql(
    `insert into text_translation (id, "companyId", entity, "entityId", field, locale, text, origin, state, "sourceHash", engine, error, "updatedAt")
     values ($1, $2, 'event', $3, $4, $5, $6, $7, $8, $9, $10, $11, now())`,
    [
      randomUUID(),
      companyId,
      eventId,
      field,
      locale,
      row.text,
      row.origin,
      row.state,
      row.hash,
      row.engine ?? null,
      row.error ?? null,
    ],
  );
}

/** An event with a Portuguese description and one version in every review state. */
async function eventWithVersions(companyId: string, name: string) {
  const { eventId } = await createPublishedGallery(companyId, name);
  await sql(`update event set description = $1 where id = $2`, [SOURCE, eventId]);
  const current = sourceHash(SOURCE, "pt");
  const older = sourceHash("Uma noite de música.", "pt");
  await version(companyId, eventId, "description", "en", {
    text: "A night of live music.",
    origin: "automatic",
    state: "ready",
    hash: current,
    engine: "apertium",
  });
  await version(companyId, eventId, "description", "es", {
    text: "Una noche de música, escrita a mano.",
    origin: "manual",
    state: "ready",
    hash: older,
  });
  // An error key no message defines: the panel must show its generic sentence, never the key.
  await version(companyId, eventId, "description", "fr", {
    text: null,
    origin: "automatic",
    state: "failed",
    hash: current,
    engine: "apertium",
    error: "e2e-unknown",
  });
  await version(companyId, eventId, "name", "en", {
    text: null,
    origin: "automatic",
    state: "pending",
    hash: sourceHash(name, "pt"),
  });
  return eventId;
}

test("the review panel shows each version's state and explains its actions", async ({ page, context }) => {
  const { companyId } = await adminOfNewCompany(context, "Review Co");
  const eventId = await eventWithVersions(companyId, "Noite de Review");
  await page.goto(`/admin/events/${eventId}`);

  const description = page.getByTestId("translations-description");
  const toggle = description.getByRole("button", { name: /^Translations \(2\)/ });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(toggle).toContainText("2 need attention");
  const region = page.getByRole("region", { name: "Translations of Description" });
  await expect(region).toBeHidden();
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expect(region).toBeVisible();
  await expect(region).toContainText(SOURCE);

  const card = (locale: string) => region.locator(`[data-locale="${locale}"]`);
  await expect(card("pt")).toHaveCount(0);
  await expect(card("en").getByTestId("version-status")).toHaveText("Automatic");
  await expect(card("en")).toContainText("A night of live music.");
  await expect(card("es").getByTestId("version-status")).toHaveText("Source changed since — needs review");
  await expect(card("es")).toContainText("Una noche de música, escrita a mano.");
  await expect(card("fr").getByTestId("version-status")).toHaveText("Failed");
  await expect(card("fr")).toContainText("The translation engine gave an error.");
  await expect(card("fr")).not.toContainText("e2e-unknown");

  const name = page.getByTestId("translations-name");
  await name.getByRole("button", { name: /^Translations \(0\)/ }).click();
  const nameRegion = page.getByRole("region", { name: "Translations of Name" });
  await expect(nameRegion.locator('[data-locale="en"]').getByTestId("version-status")).toHaveText("Pending");
  await expect(nameRegion.locator('[data-locale="es"]').getByTestId("version-status")).toHaveText("Missing");

  // Edit: an inline, labelled textarea; Cancel returns focus to Edit.
  const edit = card("es").getByRole("button", { name: "Edit Español — Description" });
  await edit.click();
  const textarea = card("es").getByLabel("Español — Description");
  await expect(textarea).toBeFocused();
  await expect(textarea).toHaveValue("Una noche de música, escrita a mano.");
  await expect(card("es")).toContainText("Saving an empty text removes your version");
  await card("es").getByRole("button", { name: "Cancel" }).click();
  await expect(edit).toBeFocused();

  // Translating a hand-edited version again asks first (it discards the typed words).
  await card("es").getByRole("button", { name: "Translate again Español — Description" }).click();
  const dialog = page.getByRole("dialog", { name: "Replace your Español version?" });
  await expect(dialog).toContainText("typed by hand");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  // An automatic one is redone without asking (the placeholder actions may refuse: no dialog either way).
  await card("en").getByRole("button", { name: "Translate again English — Description" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("every translatable field of the company, landing page and content forms has its review", async ({
  page,
  context,
}) => {
  const { companyId } = await adminOfNewCompany(context, "Review Fields Co");
  await sql(
    `update company set description = 'Somos uma promotora.', "landingPageName" = 'Noites', "landingPageDescription" = 'As nossas noites.' where id = $1`,
    [companyId],
  );
  const { contentId } = await createPublishedGallery(companyId, "Galeria");
  await sql(`update content set description = 'Fotos da noite.' where id = $1`, [contentId]);
  const pages = {
    "/admin/settings/company-data": ["description"],
    "/admin/settings/landing-page": ["landingPageName", "landingPageDescription"],
    [`/admin/content/${contentId}`]: ["title", "description"],
  };
  for (const [path, fields] of Object.entries(pages)) {
    await page.goto(path);
    for (const field of fields) {
      const toggle = page
        .getByTestId(`translations-${field}`)
        .getByRole("button", { name: /^Translations \(0\)/ });
      await toggle.click();
      await expect(
        page.getByTestId(`translations-${field}`).locator('[data-status="missing"]'),
        path,
      ).toHaveCount(3);
    }
    expect(await axeViolations(page), path).toEqual([]);
  }
});

test("a create form says translations are made after saving", async ({ page, context }) => {
  await adminOfNewCompany(context, "Review New Co");
  await page.goto("/admin/events/new");
  await expect(
    page.getByText("Translations into the other languages are made after you save."),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: /^Translations \(/ })).toHaveCount(0);
});

test("Settings → Languages: listed for admins, the source language, the engine and translate everything", async ({
  page,
  context,
}) => {
  await adminOfNewCompany(context, "Languages Co");
  await page.goto("/admin/settings");
  await page.getByRole("link", { name: /Languages/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Languages" })).toBeVisible();
  const select = page.getByLabel("The language you write your texts in");
  await expect(select).toHaveValue("pt");
  const change = page.getByRole("button", { name: "Change source language" });
  await expect(change).toBeDisabled();
  await select.selectOption("en");
  await change.click();
  const dialog = page.getByRole("dialog", { name: "Write in English from now on?" });
  await expect(dialog).toContainText("typed by hand are kept");
  await dialog.getByRole("button", { name: "Cancel" }).click();

  // This branch has no engine wired in yet: the page says so and the bulk button explains why it is off.
  const engine = page.getByTestId("active-engine");
  const name = await engine.getAttribute("data-engine");
  const button = page.getByRole("button", { name: "Translate everything" });
  if (name === "none") {
    await expect(engine).toContainText("No engine configured");
    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleDescription(/Needs a translation engine/);
  } else {
    await expect(button).toBeEnabled();
  }
});

for (const scheme of ["light", "dark"] as const) {
  test(`axe: no violations on an event with the review open and on Settings → Languages (${scheme})`, async ({
    page,
    context,
  }) => {
    const { companyId } = await adminOfNewCompany(context, `Review Axe ${scheme}`);
    const eventId = await eventWithVersions(companyId, `Axe ${scheme}`);
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(`/admin/events/${eventId}`);
    if (scheme === "dark") await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    else await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
    await page
      .getByTestId("translations-description")
      .getByRole("button", { name: /^Translations/ })
      .click();
    await page
      .getByTestId("translations-name")
      .getByRole("button", { name: /^Translations/ })
      .click();
    await expect(page.getByRole("region", { name: "Translations of Description" })).toBeVisible();
    // With an editor open too.
    await page.getByRole("button", { name: "Edit Español — Description" }).click();
    await expect(page.getByLabel("Español — Description")).toBeVisible();
    expect(await axeViolations(page), "event edit page").toEqual([]);

    await page.goto("/admin/settings/languages");
    await expect(page.getByRole("heading", { level: 1, name: "Languages" })).toBeVisible();
    expect(await axeViolations(page), "languages page").toEqual([]);
  });
}
