import { expect, test } from "@playwright/test";
import { skipCookieBanner, waitForHydration } from "./public-helpers";

test.beforeEach(async ({ context }) => {
  await skipCookieBanner(context);
});

test("photo gallery: the viewer moves with the keyboard and links to its event", async ({ page }) => {
  await page.goto("/player/seed-festival-palco-principal");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Palco principal — Festival de Verão 2026",
  );
  await expect(page.getByRole("link", { name: /De Festival de Verão 2026/ })).toHaveAttribute(
    "href",
    // Event links carry the company: event slugs are unique per company (issue #18).
    "/demo/evento/festival-de-verao",
  );
  await expect(page.getByRole("link", { name: "Demo Live" })).toHaveAttribute("href", "/demo");
  const viewer = page.getByRole("group", { name: /fotografia 1 de 12/ });
  await expect(viewer.getByText("1 / 12")).toBeVisible();
  await viewer.focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByText("2 / 12")).toBeVisible();
  const main = page.getByRole("group", { name: /fotografia 2 de 12/ }).locator("img");
  await expect
    .poll(() => main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
});

test("video gallery: a playable video per item", async ({ page, request }) => {
  await page.goto("/demo/player/seed-festival-aftermovie");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Aftermovie oficial");
  const video = page.locator("video");
  // The poster frame's WebP rendition (a fraction of the frame as a JPEG), public like any rendition.
  await expect(video).toHaveAttribute(
    "poster",
    /\/api\/media\/seed-festival-aftermovie-01\/w640\.webp\?v=\w+$/,
  );
  const poster = await request.get((await video.getAttribute("poster"))!);
  expect(poster.headers()["content-type"]).toBe("image/webp");
  const src = await video.getAttribute("src");
  // The original of a gallery that does not keep metadata comes from the app with its metadata
  // boxes blanked (issue #34: never a redirect to the stored file and its location), by range too.
  const original = await request.get(src!, { maxRedirects: 0, headers: { Range: "bytes=0-1023" } });
  expect(original.status()).toBe(206);
  expect(original.headers()["content-type"]).toBe("video/mp4");
  expect(original.headers()["cache-control"]).toMatch(/public, max-age=\d+/);
  await page.getByRole("button", { name: /vídeo 2 de 2/ }).click();
  await expect(video).toHaveAttribute("src", /seed-festival-aftermovie-02\/original$/);
});

test("audio: a player with its waveform and cover", async ({ page }) => {
  await page.goto("/player/seed-festival-abertura");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Abertura (ao vivo)");
  const audio = page.locator("audio");
  await expect(audio).toHaveAttribute("src", /seed-festival-abertura-audio\/original$/);
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.readyState)).toBeGreaterThanOrEqual(1);
  expect(await audio.evaluate((a: HTMLAudioElement) => Math.round(a.duration))).toBe(7);
  await expect(page.locator('svg[viewBox="0 0 100 40"] rect')).toHaveCount(100);
});

test("a lead-gated document shows what it is, never its file", async ({ page, request }) => {
  await page.goto("/player/seed-noite-acustica-alinhamento");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Alinhamento e cartaz — Noite Acústica");
  await expect(page.getByText("Deixe o seu nome e e-mail para descarregar.")).toBeVisible();
  await expect(page.locator('a[href*="/original"]')).toHaveCount(0);
  expect(
    (
      await request.get("/api/media/seed-noite-acustica-alinhamento-pdf/original", { maxRedirects: 0 })
    ).status(),
  ).toBe(403);
  // Its poster rendition is public: the image itself, from the app's own origin.
  const poster = await request.get("/api/media/seed-noite-acustica-alinhamento-cartaz/w640.webp", {
    maxRedirects: 0,
  });
  expect(poster.status()).toBe(200);
  expect(poster.headers()["content-type"]).toBe("image/webp");
  expect((await poster.body()).subarray(8, 12).toString("latin1")).toBe("WEBP");
});

test("content that is not published and public is not found, exactly like an unknown one", async ({
  page,
  request,
}) => {
  for (const id of ["seed-sessao-privada-bastidores", "seed-noite-acustica-ensaio"]) {
    expect((await page.goto(`/player/${id}`))?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Conteúdo não encontrado" })).toBeVisible();
    await expect(page.getByText("Demo Live")).toHaveCount(0);
  }
  expect((await page.goto("/player/no-such-content"))?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Conteúdo não encontrado" })).toBeVisible();
  expect(
    (
      await request.get("/api/media/seed-sessao-privada-bastidores-01/w320.webp", { maxRedirects: 0 })
    ).status(),
  ).toBe(404);
});
