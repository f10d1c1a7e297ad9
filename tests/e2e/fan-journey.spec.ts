import { readFile } from "node:fs/promises";
import { randomUUID } from "node:crypto";
import type { Download, Locator, Page } from "@playwright/test";
import { axeLightAndDark } from "./axe";
import { createCompany, createUser, demoCompanyId, sql, startSession, uniqueEmail } from "./auth-support";
import { expect, test } from "./fixtures";
import {
  newFanContext,
  PHONE,
  setLocale,
  skipCookieBanner,
  tenantOrigin,
  waitForHydration,
} from "./public-helpers";
import { readZip } from "../support/zip-reader";

/**
 * Issue #18, the fan's side, on a phone (390×844, touch): from a shared company-less event
 * link to the company's event page, into a lead-gated photo gallery, "Download all" through
 * the lead form and its thank-you to a real ZIP; plus the comment form's rating hint, event
 * slugs per company, a photo gallery refusing an MP3, the tenant's 404 on its own host, and
 * axe in light and dark on every page the fan sees.
 */

/** The download rows of the visitor who left this lead (what analytics counts). */
const downloadsOfLead = async (email: string) =>
  Number(
    (
      await sql<{ n: string }>(
        `select count(*)::text as n from engagement_event e join lead l on l."visitorId" = e."visitorId"
         where l.email = $1 and e.type = 'download' and e."contentId" = l."contentId"`,
        [email],
      )
    )[0]!.n,
  );

/** The ZIP's entries are the gallery's four seeded photos, each a JPEG. */
async function expectGalleryZip(download: Download): Promise<void> {
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  const entries = readZip(await readFile((await download.path())!));
  expect(entries.map((e) => e.name)).toEqual([
    "noite-acustica-01.jpg",
    "noite-acustica-02.jpg",
    "noite-acustica-03.jpg",
    "noite-acustica-04.jpg",
  ]);
  for (const entry of entries) expect(entry.data.subarray(0, 3).toString("hex")).toBe("ffd8ff");
}

/** Fills the lead form in `dialog` and sends it, waiting for the download it starts. */
async function sendLead(page: Page, dialog: Locator, email: string): Promise<Download> {
  await dialog.getByLabel("Name", { exact: true }).fill("Ana Fan");
  await dialog.getByLabel("E-mail", { exact: true }).fill(email);
  await dialog.getByRole("checkbox", { name: /privacy policy/ }).check();
  const download = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Download", exact: true }).click();
  return download;
}

test("a fan goes from a shared link to the whole gallery as a ZIP, through the lead form", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const fan = await newFanContext(browser, baseURL!);
  const page = await fan.newPage();

  // The shared link without the company: one event has this slug, so it redirects to its page.
  const response = await page.goto("/event/noite-acustica");
  expect(response?.status()).toBe(200);
  expect(new URL(page.url()).pathname).toBe("/demo/evento/noite-acustica");
  await waitForHydration(page);
  await axeLightAndDark(page);

  await page.locator('a[href$="/player/seed-noite-acustica-fotos"]').first().click();
  await expect(page).toHaveURL(/\/player\/seed-noite-acustica-fotos$/);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Download all" }).click();
  const dialog = page.getByRole("dialog", { name: "Download every photo" });
  await expect(dialog).toBeVisible();
  await axeLightAndDark(page);

  // An error goes as soon as the field is valid.
  await dialog.getByRole("button", { name: "Download", exact: true }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Please fill in name and email");
  const email = uniqueEmail("zip-fan");
  await dialog.getByLabel("Name", { exact: true }).fill("Ana Fan");
  await dialog.getByLabel("E-mail", { exact: true }).fill(email);
  await expect(dialog.getByRole("alert")).toHaveCount(0);

  const download = sendLead(page, dialog, email);
  const thanks = page.getByRole("dialog", { name: "Thank you, Ana Fan!" });
  await expect(thanks).toBeVisible();
  await expectGalleryZip(await download);
  // One grant, one download in the figures.
  await expect.poll(() => downloadsOfLead(email)).toBe(1);
  await thanks.getByRole("button", { name: "Close" }).first().click();
  await expect(thanks).toBeHidden();
  // "Preparing your ZIP…" ended when the ZIP started streaming, and said so (the modal thank-you
  // hid the rest of the page until now).
  await expect(page.getByRole("status").filter({ hasText: "Your ZIP is downloading." })).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Download all" })).toHaveAttribute("aria-busy", "false");

  // Comments: the rating is said to be required before posting; its error clears on a star.
  await expect(page.getByText("Required: choose 1 to 5 stars before posting.")).toBeVisible();
  await page.getByRole("button", { name: "Post comment" }).click();
  await expect(page.getByText("Please write your comment before posting.")).toBeVisible();
  const ratingError = page.getByText("Choose a rating from 1 to 5 stars");
  await expect(ratingError).toBeVisible();
  // The radio is visually hidden behind its star (as a fan taps the star, its label).
  await page.locator("label", { has: page.getByRole("radio", { name: "4 stars" }) }).click();
  await expect(ratingError).toHaveCount(0);
  await fan.close();
});

test("event slugs are per company; the company-less address resolves only when unambiguous", async ({
  browser,
  baseURL,
}) => {
  const other = await createCompany("Slug Rival");
  const demo = await demoCompanyId();
  const slug = `e2e-shared-${randomUUID().slice(0, 8)}`;
  for (const companyId of [demo, other]) {
    await sql(
      `insert into event (id, "companyId", slug, name, "startsAt", status, "updatedAt") values ($1, $2, $3, $4, now(), 'published', now())`,
      [randomUUID(), companyId, slug, `Shared ${slug}`],
    );
  }
  const [rival] = await sql<{ slug: string }>(`select slug from company where id = $1`, [other]);
  const context = await browser.newContext({ baseURL, ...PHONE });
  await skipCookieBanner(context);
  const page = await context.newPage();
  expect((await page.goto(`/demo/evento/${slug}`))?.status()).toBe(200);
  expect((await page.goto(`/${rival!.slug}/evento/${slug}`))?.status()).toBe(200);
  // Two companies have it: not found, and neither is named.
  expect((await page.goto(`/event/${slug}`))?.status()).toBe(404);
  await expect(page.locator("body")).not.toContainText("Slug Rival");
  await context.close();
});

test("a photo gallery refuses an MP3 before any upload, with a clear message", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL });
  await skipCookieBanner(context);
  await setLocale(context, baseURL!, "en");
  const email = uniqueEmail("gallery-admin");
  await createUser({ email, role: "admin", companyId: await demoCompanyId() });
  await startSession(context, email);
  const page = await context.newPage();
  await page.goto("/admin/content/seed-noite-acustica-fotos");
  const before = await sql<{ n: string }>(
    `select count(*)::text as n from media_file where "contentId" = 'seed-noite-acustica-fotos'`,
  );
  await page
    .locator('input[type="file"]')
    .first()
    .setInputFiles({
      name: "song.mp3",
      mimeType: "audio/mpeg",
      buffer: Buffer.from("ID3\u0003\u0000\u0000\u0000\u0000\u0000\u0000 not really a song"),
    });
  await expect(
    page.getByText(
      "A photo gallery takes photos only (JPEG, PNG, GIF or WebP). “song.mp3” was not uploaded.",
    ),
  ).toBeVisible();
  const after = await sql<{ n: string }>(
    `select count(*)::text as n from media_file where "contentId" = 'seed-noite-acustica-fotos'`,
  );
  expect(after).toEqual(before);
  await context.close();
});

test("a tenant's 404 keeps its brand and links back to its landing page", async ({ browser, baseURL }) => {
  const context = await newFanContext(browser, baseURL!);
  const [demo] = await sql<{ name: string; template: string }>(
    `select name, template::text as template from company where slug = 'demo'`,
  );
  const page = await context.newPage();
  expect((await page.goto("/demo/evento/no-such-event"))?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Event not found");
  await expect(page.locator(`[data-template="${demo!.template}"]`)).toHaveCount(1);
  const back = page.getByRole("link", { name: `Back to ${demo!.name}` });
  await expect(back).toHaveAttribute("href", "/demo");
  await waitForHydration(page);
  await axeLightAndDark(page);
  await back.click();
  await expect(page).toHaveURL(/\/demo$/);
  await context.close();
});

test("on the tenant's own host, its 404 keeps the brand and links back to its landing page", async ({
  browser,
  baseURL,
}) => {
  const origin = tenantOrigin(baseURL!, "demo");
  const context = await newFanContext(browser, origin);
  const [demo] = await sql<{ name: string; template: string }>(
    `select name, template::text as template from company where slug = 'demo'`,
  );
  const page = await context.newPage();
  expect((await page.goto(`${origin}/evento/no-such-event`))?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Event not found");
  await expect(page.locator(`[data-template="${demo!.template}"]`)).toHaveCount(1);
  const back = page.getByRole("link", { name: `Back to ${demo!.name}` });
  // On its own host the company's landing is the root, not the app's /demo path.
  await expect(back).toHaveAttribute("href", "/");
  await waitForHydration(page);
  await axeLightAndDark(page);
  await back.click();
  await expect(page).toHaveURL(`${origin}/`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(demo!.name);
  await context.close();
});

test("the full-screen viewer offers Download all, through the same lead gate", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const fan = await newFanContext(browser, baseURL!);
  const page = await fan.newPage();
  await page.goto("/player/seed-noite-acustica-fotos");
  await waitForHydration(page);
  await page.getByRole("button", { name: "View full screen" }).click();
  const viewer = page.getByRole("dialog", { name: "Photo viewer" });
  await expect(viewer).toBeVisible();
  await axeLightAndDark(page, '[role="dialog"]');
  await viewer.getByRole("button", { name: "Download all" }).click();
  const form = page.getByRole("dialog", { name: "Download every photo" });
  await expect(form).toBeVisible();
  // Keys typed in the form stay in the form: the viewer neither moves nor closes.
  await form.getByLabel("Name", { exact: true }).press("ArrowRight");
  await expect(viewer).toContainText("1 / 4");
  const email = uniqueEmail("viewer-zip-fan");
  await expectGalleryZip(await sendLead(page, form, email));
  await expect.poll(() => downloadsOfLead(email)).toBe(1);
  await fan.close();
});

test("the lead form of Download all on a phone: its own title, a thumb-sized close, focus back on Escape", async ({
  browser,
  baseURL,
}) => {
  const fan = await newFanContext(browser, baseURL!);
  const page = await fan.newPage();
  await page.goto("/player/seed-noite-acustica-fotos");
  await waitForHydration(page);
  const downloadAll = page.getByRole("button", { name: "Download all" });
  await downloadAll.focus();
  await page.keyboard.press("Enter");
  const form = page.getByRole("dialog", { name: "Download every photo" });
  await expect(form).toBeVisible();
  await expect(form).toContainText("the ZIP with every photo is prepared");
  // WCAG 2.5.5: a target a thumb can hit (44 × 44 CSS px), not the 28 px it was.
  const close = await form.getByRole("button", { name: "Close" }).first().boundingBox();
  expect(close!.width).toBeGreaterThanOrEqual(44);
  expect(close!.height).toBeGreaterThanOrEqual(44);
  await page.keyboard.press("Escape");
  await expect(form).toBeHidden();
  // The dialog opened by state, not by a Radix trigger: focus is still returned to the button.
  await expect(downloadAll).toBeFocused();
  await fan.close();
});

test("on a laptop the like, share and download buttons are visible without scrolling", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 768 } });
  await skipCookieBanner(context);
  await setLocale(context, baseURL!, "en");
  const page = await context.newPage();
  for (const id of ["seed-noite-acustica-fotos", "seed-festival-aftermovie"]) {
    await page.goto(`/player/${id}`);
    const bar = page.locator("[data-engagement-bar]");
    await expect(bar.getByRole("button").first()).toBeVisible();
    for (const button of await bar.getByRole("button").all())
      await expect(button).toBeInViewport({ ratio: 1 });
  }
  await context.close();
});
