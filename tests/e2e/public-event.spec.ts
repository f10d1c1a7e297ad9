import { expect, test } from "@playwright/test";
import { skipCookieBanner, waitForHydration } from "./public-helpers";

test.beforeEach(async ({ context }) => {
  await skipCookieBanner(context);
});

test("an event page shows its details, photo grid and content", async ({ page }) => {
  await page.goto("/event/festival-de-verao");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Festival de Verão 2026");
  // 19:00 UTC in Lisbon's summer time, in the event's own zone.
  await expect(page.locator("header time")).toHaveText(/18 de julho de 2026.*20:00/);
  await expect(page.getByText("Parque da Cidade, Porto")).toBeVisible();
  await expect(page.getByText("45,00 €")).toBeVisible();
  const grid = page.locator("section", { has: page.getByRole("heading", { name: "Galeria" }) });
  await expect(grid.getByRole("button")).toHaveCount(12);
  // Responsive, modern formats with a blur placeholder; lazy beyond the first rows.
  const first = grid.locator("picture").first();
  await expect(first.locator('source[type="image/avif"]')).toHaveAttribute(
    "srcset",
    /w320\.avif\?v=\w+ 320w/,
  );
  await expect(first.locator('source[type="image/webp"]')).toHaveAttribute(
    "srcset",
    /w640\.webp\?v=\w+ 640w/,
  );
  await expect(grid.locator("img[data-lazy]").first()).toBeAttached();
  // Videos and downloads come from the store (a redirect from /api/media): the page connects to
  // it early.
  await expect(page.locator('head link[rel="preconnect"]')).toHaveAttribute(
    "href",
    new URL(process.env.E2E_S3_ENDPOINT!).origin,
  );
  const contents = page.locator("section", {
    has: page.getByRole("heading", { name: "Conteúdos disponíveis" }),
  });
  for (const title of ["Aftermovie oficial", "Abertura (ao vivo)", "Encore (ao vivo)"]) {
    await expect(
      contents.getByRole("link", { name: new RegExp(title.replace(/[()]/g, "\\$&")) }),
    ).toBeVisible();
  }
});

test("the page's largest image is asked for first: a preload above the stylesheet and the scripts, once", async ({
  page,
  request,
}) => {
  const pages = [
    // The event's banner: the candidates its <picture> chooses from.
    { path: "/demo/evento/festival-de-verao", image: /imageSrcSet="[^"]*w1280\.avif\?v=\w+ 1280w"/ },
    // The aftermovie's poster.
    { path: "/demo/player/seed-festival-aftermovie", image: /href="\/api\/media\/[^"]+\/w640\.webp\?v=\w+"/ },
  ];
  const highImage = 'link[rel="preload"][as="image"][fetchpriority="high"]';
  for (const { path, image } of pages) {
    const html = await (await request.get(path)).text();
    const head = html.slice(0, html.indexOf("</head>"));
    const link = head.match(/<link rel="preload"[^>]*as="image"[^>]*fetchPriority="high"[^>]*>/);
    expect(link?.[0], `${path}: a high-priority image preload in the head`).toMatch(image);
    expect(link!.index!, `${path}: before the stylesheet`).toBeLessThan(head.indexOf('rel="stylesheet"'));
    expect(link!.index!, `${path}: before the scripts`).toBeLessThan(head.indexOf("<script"));
    await page.goto(path);
    await waitForHydration(page);
    // Hydration finds the server's link and adds no second one.
    await expect(page.locator(highImage)).toHaveCount(1);
    await expect(page.locator(`head ${highImage}`)).toHaveCount(1);
  }
});

test("the lightbox opens on a photo and is driven by the keyboard", async ({ page }) => {
  await page.goto("/demo/evento/festival-de-verao");
  await waitForHydration(page);
  const photos = page.getByRole("button", { name: /^Ampliar:/ });
  await photos.nth(2).click();
  const lightbox = page.getByRole("dialog", { name: "Visualizador de fotografias" });
  await expect(lightbox).toBeVisible();
  await expect(lightbox.getByText("3 / 12")).toBeVisible();
  await expect(lightbox.getByRole("button", { name: "Fechar" })).toBeFocused();
  await expect(lightbox.getByRole("img")).toHaveAttribute("alt", /fotografia 3 de 12/);
  await page.keyboard.press("ArrowRight");
  await expect(lightbox.getByText("4 / 12")).toBeVisible();
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await expect(lightbox.getByText("2 / 12")).toBeVisible();
  await page.keyboard.press("End");
  await expect(lightbox.getByText("12 / 12")).toBeVisible();
  await page.keyboard.press("ArrowRight");
  await expect(lightbox.getByText("1 / 12")).toBeVisible();
  await expect(lightbox.getByRole("link", { name: "Abrir galeria" })).toHaveAttribute(
    "href",
    "/demo/player/seed-festival-palco-principal",
  );
  await page.keyboard.press("Escape");
  await expect(lightbox).toBeHidden();
  await expect(photos.nth(2)).toBeFocused();
});

test("an event that is not published and public is not found, exactly like an unknown one", async ({
  page,
}) => {
  // Issue #12: "unavailable" in the owner's brand told anyone that a private event existed.
  expect((await page.goto("/event/sessao-privada"))?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Evento não encontrado" })).toBeVisible();
  await expect(page.getByText("Gravação ao vivo para convidados")).toHaveCount(0);
  await expect(page.getByText("Demo Live")).toHaveCount(0);
  expect((await page.goto("/event/no-such-event"))?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Evento não encontrado" })).toBeVisible();
  // Another company's event is not found under this one.
  expect((await page.goto("/other/evento/festival-de-verao"))?.status()).toBe(404);
});

test("event pages share a rich preview with a JPEG image", async ({ page, request }) => {
  await page.goto("/event/festival-de-verao");
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
    "content",
    "Festival de Verão 2026 · Demo Live",
  );
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
  const image = await page.locator('meta[property="og:image"]').getAttribute("content");
  expect(image).toMatch(/\/api\/og\/event\/[^/]+\/pt\?v=/);
  const response = await request.get(image!);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/jpeg");
  const body = await response.body();
  // JPEG's start-of-image marker.
  expect(body.subarray(0, 3).toString("hex")).toBe("ffd8ff");
});
