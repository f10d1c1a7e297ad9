import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { stat } from "node:fs/promises";
import type { BrowserContext, Page } from "@playwright/test";
import { createCompany, sql, uniqueEmail } from "./auth-support";
import { expect, test } from "./fixtures";
import { setLocale, waitForHydration } from "./public-helpers";
import type Messages from "@/messages/pt.json";

// Read as data: Playwright loads specs as ES modules, which import JSON only with attributes.
const messages = (locale: string) =>
  JSON.parse(
    readFileSync(new URL(`../../messages/${locale}.json`, import.meta.url), "utf8"),
  ) as typeof Messages;
const [pt, en, fr] = [messages("pt"), messages("en"), messages("fr")];

/**
 * Issue #6 as a fan sees the player: like, comment, share and the lead-gated download.
 * Likes, comments and shares go to content of a company of this test's own (other specs
 * assert the demo tenant's pages); the gated download uses the demo tenant's lead-gated photo
 * pack of Noite Acústica with a unique e-mail (a new lead row, counted by no other spec).
 */

/** Published content of a fresh company, linked to no event (reachable as the company's own). */
async function ownContent(title: string): Promise<string> {
  const companyId = await createCompany("Engagement Fans Co");
  const id = `e2e-engagement-${randomUUID().slice(0, 8)}`;
  await sql(
    `insert into content (id, "companyId", title, status, "publishedAt", "updatedAt") values ($1, $2, $3, 'published', now(), now())`,
    [id, companyId, title],
  );
  return id;
}

async function openPlayer(page: Page, contentId: string): Promise<void> {
  await page.goto(`/player/${contentId}`);
  await waitForHydration(page);
}

async function eventRows(contentId: string, type: string, channel?: string): Promise<number> {
  const rows = await sql<{ n: number }>(
    `select count(*)::int as n from engagement_event where "contentId" = $1 and type = $2::"EngagementType" and ($3::text is null or channel = $3)`,
    [contentId, type, channel ?? null],
  );
  return rows[0]?.n ?? 0;
}

test("like, then unlike: the count follows and stays after a reload", async ({ page }) => {
  const contentId = await ownContent("Like me");
  await openPlayer(page, contentId);
  const like = page.getByRole("button", { name: /^Gosto/ });
  const count = page.getByTestId("like-count");
  await expect(like).toHaveAttribute("aria-pressed", "false");
  await expect(count).toHaveText("0");
  // The view of this visit is recorded once the page has loaded.
  await expect.poll(() => eventRows(contentId, "view")).toBe(1);

  await like.click();
  await expect(like).toHaveAttribute("aria-pressed", "true");
  await expect(like).toHaveAccessibleName("Gosto, 1 gosto");
  await expect(count).toHaveText("1");
  await expect.poll(() => eventRows(contentId, "like")).toBe(1);

  await page.reload();
  await waitForHydration(page);
  await expect(like).toHaveAttribute("aria-pressed", "true");
  await expect(count).toHaveText("1");

  await like.click();
  await expect(like).toHaveAttribute("aria-pressed", "false");
  await expect(count).toHaveText("0");
  await page.reload();
  await waitForHydration(page);
  await expect(like).toHaveAttribute("aria-pressed", "false");
  await expect(count).toHaveText("0");
  expect(await sql(`select 1 from content_like where "contentId" = $1`, [contentId])).toHaveLength(0);
  expect(await eventRows(contentId, "unlike")).toBe(1);
});

test("a count in the thousands reads the same on the like button and in its name", async ({ page }) => {
  const contentId = await ownContent("Popular");
  await sql(`insert into content_like_count ("contentId", shard, likes) values ($1, 0, 12344)`, [contentId]);
  await openPlayer(page, contentId);
  const like = page.getByRole("button", { name: /^Gosto/ });
  // European Portuguese groups from five digits with a space (lib/surfaces/public-site/format.ts formatCount).
  await expect(page.getByTestId("like-count")).toHaveText(/^12\s344$/);
  await expect(like).toHaveAccessibleName(/^Gosto, 12\s344 gostos$/);
  await like.click();
  await expect(page.getByTestId("like-count")).toHaveText(/^12\s345$/);
  await expect(like).toHaveAccessibleName(/^Gosto, 12\s345 gostos$/);
});

test("a comment with a rating appears at once, as plain text, and stays", async ({ page }) => {
  const contentId = await ownContent("Comment on me");
  await openPlayer(page, contentId);
  await expect(page.getByText("Ainda não há comentários — seja o primeiro")).toBeVisible();

  const form = page.getByRole("form", { name: "Deixe o seu comentário" });
  await form.getByLabel("Nome (opcional)").fill("Rita Alves");
  // Send without a rating or text: both are asked for, nothing is posted.
  await form.getByRole("button", { name: "Publicar comentário" }).click();
  await expect(form.getByText("Escolha uma avaliação de 1 a 5 estrelas")).toBeVisible();
  // A specific message for an empty comment (issue #18), not the generic "cannot be empty".
  await expect(form.getByText(pt.engagement.comments.textRequired)).toBeVisible();

  // The stars are a radio group: the arrow keys move the choice.
  await form.getByRole("radio", { name: "1 estrela" }).focus();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(form.getByRole("radio", { name: "4 estrelas" })).toBeChecked();
  const text = `Que noite! <script>window.__pwned = 1</script><b>bis</b> ${randomUUID().slice(0, 6)}`;
  await form.getByLabel("Comentário").fill(text);
  await expect(form.getByText(`${text.length}/1000 caracteres`)).toBeVisible();
  await form.getByRole("button", { name: "Publicar comentário" }).click();

  const list = page.getByTestId("comment-list");
  // Stored and shown as the fan typed it: React escapes it, nothing runs or renders as markup.
  const stored = text;
  await expect(list.getByText(stored, { exact: true })).toBeVisible();
  await expect(list.getByText("Rita Alves")).toBeVisible();
  await expect(list.getByRole("img", { name: "4 de 5" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Comentário publicado." })).toBeAttached();
  // The form is ready for the next comment.
  await expect(form.getByLabel("Comentário")).toHaveValue("");
  await expect(page.getByRole("heading", { name: /Comentários \(1 comentário\)/ })).toBeVisible();

  await page.reload();
  await waitForHydration(page);
  await expect(list.getByText(stored, { exact: true })).toBeVisible();
  expect(await list.locator("script, b").count()).toBe(0);
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  const rows = await sql<{ text: string; rating: number }>(
    `select text, rating from comment where "contentId" = $1`,
    [contentId],
  );
  expect(rows).toEqual([{ text: stored, rating: 4 }]);
});

test("an anonymous comment is signed “Anonymous User” in the visitor's language", async ({
  page,
  context,
  baseURL,
}) => {
  await setLocale(context, baseURL!, "fr");
  const contentId = await ownContent("Sans nom");
  await openPlayer(page, contentId);
  const form = page.getByRole("form", { name: "Laisser un commentaire" });
  // A fan taps the fifth star (the label drawn around its radio button).
  await form
    .locator("label")
    .filter({ has: page.getByRole("radio", { name: "5 étoiles" }) })
    .click();
  await form.getByLabel("Commentaire").fill("Superbe soirée");
  await form.getByRole("button", { name: "Publier le commentaire" }).click();
  const item = page.getByTestId("comment-list").getByRole("listitem").first();
  await expect(item).toContainText(fr.engagement.comments.anonymous);
  await expect(item.getByRole("img", { name: "5 sur 5" })).toBeVisible();
  expect(fr.engagement.comments.anonymous).not.toBe(en.engagement.comments.anonymous);
});

test("a comment in Arabic reads right to left on a page in Portuguese, its name too", async ({ page }) => {
  const contentId = await ownContent("Noite árabe");
  await openPlayer(page, contentId);
  const form = page.getByRole("form", { name: pt.engagement.comments.formTitle });
  await form
    .locator("label")
    .filter({ has: page.getByRole("radio", { name: "4 estrelas" }) })
    .click();
  await form.getByLabel(pt.engagement.comments.name).fill("ليلى");
  await form.getByLabel(pt.engagement.comments.text, { exact: true }).fill("حفلة رائعة، شكراً!");
  await form.getByRole("button", { name: pt.engagement.comments.submit }).click();
  const item = page.getByTestId("comment-list").getByRole("listitem").first();
  const words = item.getByText("حفلة رائعة، شكراً!");
  await expect(words).toBeVisible();
  expect(await words.evaluate((el) => getComputedStyle(el).direction)).toBe("rtl");
  expect(await item.getByText("ليلى").evaluate((el) => getComputedStyle(el).direction)).toBe("rtl");
  // The page around it stays left to right.
  expect(await item.evaluate((el) => getComputedStyle(el).direction)).toBe("ltr");
});

async function withoutWebShare(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, "share", { value: undefined, configurable: true });
  });
}

test("share: without a share sheet, a menu copies the tagged link and records each channel", async ({
  page,
  context,
  baseURL,
}) => {
  await withoutWebShare(context);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL! });
  // The networks' share pages are outside this machine: answer for them.
  await context.route(/^https:\/\/wa\.me\//, (route) => route.fulfill({ body: "WhatsApp" }));
  const contentId = await ownContent("Share me");
  await openPlayer(page, contentId);

  await page.getByRole("button", { name: "Partilhar", exact: true }).click();
  await page.getByRole("menuitem", { name: "Copiar link" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Link copiado" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    `${baseURL}/player/${contentId}?ch=copy-link`,
  );
  await expect.poll(() => eventRows(contentId, "share", "copy-link")).toBe(1);

  await page.getByRole("button", { name: "Partilhar", exact: true }).click();
  const whatsapp = page.getByRole("menuitem", { name: "WhatsApp" });
  // The text in the fan's language, then the address tagged with the network.
  await expect(whatsapp).toHaveAttribute(
    "href",
    /^https:\/\/wa\.me\/\?text=Share%20me%3A%20fotos%20e%20v%C3%ADdeos%20http.*%3Fch%3Dwhatsapp$/,
  );
  await expect(page.getByRole("menuitem", { name: "E-mail" })).toHaveAttribute(
    "href",
    /^mailto:\?subject=Share%20me/,
  );
  const popup = page.waitForEvent("popup");
  await whatsapp.click();
  await (await popup).close();
  await expect.poll(() => eventRows(contentId, "share", "whatsapp")).toBe(1);
});

test.describe("on a touch device", () => {
  test.use({ hasTouch: true });

  test("share: the device's share sheet is used when there is one; cancelling it records nothing", async ({
    page,
    context,
  }) => {
    await context.addInitScript(() => {
      const w = window as unknown as { shareAnswer: "ok" | "cancel"; shared: ShareData[]; sheets: number };
      w.shareAnswer = "ok";
      w.shared = [];
      w.sheets = 0;
      Object.defineProperty(Navigator.prototype, "share", {
        configurable: true,
        value: async (data: ShareData) => {
          w.sheets += 1;
          if (w.shareAnswer === "cancel") throw new DOMException("Share canceled", "AbortError");
          w.shared.push(data);
        },
      });
    });
    const contentId = await ownContent("Native share");
    await openPlayer(page, contentId);
    const share = page.getByRole("button", { name: "Partilhar", exact: true });
    await share.click();
    await expect.poll(() => eventRows(contentId, "share", "native")).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared)).toEqual([
      {
        title: "Native share",
        text: "Native share: fotos e vídeos",
        url: expect.stringMatching(new RegExp(`/player/${contentId}\\?ch=native$`)),
      },
    ]);

    // Every share the page sends from here on, in the order it sends them.
    const isShare = (method: string, url: string) =>
      method === "POST" && url.endsWith(`/api/content/${contentId}/shares`);
    const sent: string[] = [];
    page.on("request", (request) => {
      if (isShare(request.method(), request.url())) {
        sent.push((request.postDataJSON() as { channel: string }).channel);
      }
    });
    const setAnswer = (answer: "ok" | "cancel") =>
      page.evaluate((a) => {
        (window as unknown as { shareAnswer: string }).shareAnswer = a;
      }, answer);
    const sheets = () => page.evaluate(() => (window as unknown as { sheets: number }).sheets);

    await setAnswer("cancel");
    await share.click();
    // The sheet opened and the fan closed it: the click has been handled.
    await expect.poll(sheets).toBe(2);
    // Then a share that goes through. A record of the cancelled one would have been sent first
    // (in the same task as its click), so once this one is answered the log is complete.
    await setAnswer("ok");
    const answered = page.waitForResponse((response) => isShare(response.request().method(), response.url()));
    await share.click();
    expect((await answered).ok()).toBe(true);
    expect(sent).toEqual(["native"]);
    expect(await eventRows(contentId, "share")).toBe(2);
    await expect(page.getByRole("status").filter({ hasText: "Link copiado" })).toHaveCount(0);
  });
});

test("gated download: the lead form first, then the file; not asked again on this device", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const contentId = "seed-noite-acustica-fotos";
  await openPlayer(page, contentId);
  // The second photo of the pack is on screen: that is the one downloaded.
  await page.getByRole("button", { name: "Fotografia seguinte" }).click();
  await expect(page.getByText("2 / 4")).toBeVisible();

  await page.getByRole("button", { name: "Descarregar", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Descarregar o ficheiro" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("link", { name: "política de privacidade" })).toHaveAttribute(
    "href",
    "/demo/privacidade",
  );

  // Empty form: the spec's message, in Portuguese (the visitor's language here).
  await dialog.getByRole("button", { name: "Descarregar", exact: true }).click();
  await expect(dialog.getByRole("alert")).toHaveText(pt.engagement.errors.nameAndEmailRequired);
  await expect(dialog.getByLabel("Nome", { exact: true })).toHaveAttribute("aria-invalid", "true");

  const email = uniqueEmail("fan-lead");
  await dialog.getByLabel("Nome", { exact: true }).fill("Joana Fã");
  await dialog.getByLabel("E-mail", { exact: true }).fill(email.toUpperCase());
  await dialog.getByRole("button", { name: "Descarregar", exact: true }).click();
  // Without consent it is not sent; what was typed stays.
  await expect(dialog.getByText(pt.engagement.errors.consentRequired)).toBeVisible();
  await expect(dialog.getByLabel("Nome", { exact: true })).toHaveValue("Joana Fã");
  await dialog.getByRole("checkbox", { name: /política de privacidade/ }).check();

  const first = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Descarregar", exact: true }).click();
  const file = await first;
  expect(file.suggestedFilename()).toBe("noite-acustica-02.jpg");
  expect((await stat(await file.path())).size).toBeGreaterThan(0);
  await expect(dialog).toBeHidden();
  // The form gives way to a thank-you (issue #18), closed by the fan.
  const thanks = page.getByRole("dialog", { name: "Obrigado, Joana Fã!" });
  await expect(thanks).toBeVisible();
  await thanks.getByRole("button", { name: "Fechar" }).first().click();
  await expect(thanks).toBeHidden();

  const leads = await sql<{ name: string; consent: boolean }>(
    `select name, consent from lead where "contentId" = $1 and email = $2`,
    [contentId, email],
  );
  expect(leads).toEqual([{ name: "Joana Fã", consent: true }]);

  // Again on the same page: straight to the file.
  const second = page.waitForEvent("download");
  await page.getByRole("button", { name: "Descarregar", exact: true }).click();
  expect((await second).suggestedFilename()).toBe("noite-acustica-02.jpg");
  await expect(dialog).toBeHidden();

  // And after a reload, for the company's other gated content too (the lead is on file).
  await openPlayer(page, "seed-noite-acustica-alinhamento");
  const third = page.waitForEvent("download");
  await page.getByRole("button", { name: "Descarregar", exact: true }).click();
  expect((await third).suggestedFilename()).toBe("noite-acustica-alinhamento.pdf");
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("watch time: the audio player reports the seconds actually played", async ({ page }) => {
  // Answered here, so the demo tenant's analytics stay as seeded; the body is what is checked.
  const reported: number[] = [];
  await page.route("**/api/content/*/watch-time", async (route) => {
    reported.push((route.request().postDataJSON() as { seconds: number }).seconds);
    await route.fulfill({ status: 202, json: { ok: true } });
  });
  await openPlayer(page, "seed-festival-abertura");
  const audio = page.locator("audio");
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.readyState)).toBeGreaterThanOrEqual(1);
  await audio.evaluate(async (a: HTMLAudioElement) => {
    a.muted = true;
    await a.play();
    await new Promise((resolve) => a.addEventListener("ended", resolve, { once: true }));
  });
  // The 7 s track, reported once it ends (under 10 s: no report while it played).
  await expect.poll(() => reported.reduce((sum, s) => sum + s, 0)).toBeGreaterThanOrEqual(6);
  expect(reported.reduce((sum, s) => sum + s, 0)).toBeLessThanOrEqual(7);
  expect(reported.every((s) => Number.isInteger(s) && s >= 1 && s <= 30)).toBe(true);
});
