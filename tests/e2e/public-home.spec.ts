import { expect, test } from "@playwright/test";
import { sql, uniqueEmail } from "./auth-support";
import { skipCookieBanner, waitForHydration } from "./public-helpers";

test.beforeEach(async ({ context }) => {
  await skipCookieBanner(context);
});

test("the home shows every section, the plans and the cities", async ({ page }) => {
  await page.goto("/");
  for (const name of [
    "O problema",
    "O movimento sem telemóveis",
    "A plataforma",
    "O guia para uma noite sem telemóveis",
    "Integração sem esforço",
    "Galerias que os fãs guardam",
    "Planos",
    "Registe o seu interesse",
    "Artistas em destaque",
    "Receba as novidades",
  ]) {
    await expect(page.getByRole("heading", { name, exact: true })).toBeAttached();
  }
  for (const step of ["Capturar", "Curar", "Entregar"]) {
    await expect(page.getByRole("heading", { name: step, exact: true })).toBeAttached();
  }
  await expect(page.locator("#quote blockquote")).toContainText("rostos em vez de ecrãs");
  const pricing = page.locator("#pricing");
  await expect(pricing).toContainText("R$ 49");
  await expect(pricing).toContainText("R$ 149");
  await expect(pricing).toContainText("Grátis");
  for (const city of ["London", "Paris", "Barcelona", "Los Angeles"]) {
    await expect(page.getByText(city, { exact: true })).toBeAttached();
  }
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: "Política de Privacidade" })).toHaveAttribute(
    "href",
    "/privacy",
  );
  await expect(footer.getByRole("link", { name: "Termos de Utilização" })).toHaveAttribute("href", "/terms");
  await expect(footer.getByRole("link", { name: "Cookies" })).toHaveAttribute("href", "/cookies");
});

test("the top bar's logo appears once the hero is scrolled past", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const logo = page.getByTestId("top-bar-logo");
  await expect(logo).toHaveCSS("opacity", "0");
  await page.evaluate(() =>
    window.scrollTo({ top: document.getElementById("problem")!.offsetTop, behavior: "instant" }),
  );
  await expect(logo).toHaveCSS("opacity", "1");
  await expect(page.getByRole("button", { name: "Contacte-nos" })).toBeVisible();
});

test("the interest and newsletter forms store the e-mail, then say so", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);

  const interest = uniqueEmail("interest");
  const interestForm = page.locator("#interest form");
  await interestForm.getByLabel("E-mail").fill(interest);
  await interestForm.getByRole("button", { name: "Registar interesse" }).click();
  await expect(
    page.getByText("O seu interesse foi registado. Entraremos em contacto em breve!"),
  ).toBeVisible();
  await expect(interestForm.getByLabel("E-mail")).toHaveValue("");

  const newsletter = uniqueEmail("newsletter");
  const newsletterForm = page.locator("#newsletter form");
  await newsletterForm.getByLabel("E-mail").fill(newsletter);
  await newsletterForm.getByRole("button", { name: "Subscrever" }).click();
  await expect(page.getByText("Subscreveu a nossa newsletter!")).toBeVisible();

  const rows = await sql<{ type: string; email: string; form_type: string; locale: string }>(
    `select type, email, "formType" as form_type, locale from marketing_submission where email = any($1) order by type`,
    [[interest, newsletter]],
  );
  expect(rows).toEqual([
    { type: "interest", email: interest, form_type: "interest", locale: "pt" },
    { type: "newsletter", email: newsletter, form_type: "newsletter", locale: "pt" },
  ]);
});

test("the contact modal stays open while sending, then closes, resets and stores the message", async ({
  page,
}) => {
  await page.goto("/");
  await waitForHydration(page);
  // Hold the request until the sending state has been checked (no fixed delay to race against).
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/forms/contact", async (route) => {
    await released;
    await route.continue();
  });

  await page.getByRole("button", { name: "Contacte-nos" }).click();
  const dialog = page.getByRole("dialog", { name: "Contacte-nos" });
  await expect(dialog).toBeVisible();
  const email = uniqueEmail("contact");
  await dialog.getByLabel("Nome").fill("Ana <script>alert(1)</script>Lopes");
  await dialog.getByLabel("E-mail").fill(email);
  await dialog.getByLabel("Mensagem").fill("Queremos um concerto sem telemóveis em Lisboa.");
  await expect(dialog.getByLabel("Nome")).toHaveAttribute("maxlength", "100");
  await expect(dialog.getByLabel("Mensagem")).toHaveAttribute("maxlength", "1000");
  await dialog.getByRole("button", { name: "Enviar mensagem" }).click();

  await expect(dialog.getByRole("button", { name: "A enviar…" })).toBeDisabled();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeVisible();
  release();

  await expect(
    page.getByText("A sua mensagem foi enviada com sucesso. Responderemos em breve!"),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.getByRole("button", { name: "Contacte-nos" }).click();
  await expect(page.getByRole("dialog").getByLabel("Nome")).toHaveValue("");

  const [row] = await sql<{ name: string; message: string; type: string }>(
    "select name, message, type from marketing_submission where email = $1",
    [email],
  );
  // Script tags are stripped before storing (spec §5).
  expect(row).toEqual({
    type: "contact",
    name: "Ana Lopes",
    message: "Queremos um concerto sem telemóveis em Lisboa.",
  });
});

test("the forms API validates per the spec and answers with message keys", async ({ request }) => {
  const tooLong = await request.post("/api/forms/contact", {
    data: { name: "x".repeat(101), email: "not-an-email", message: "" },
  });
  expect(tooLong.status()).toBe(422);
  expect((await tooLong.json()).fieldErrors).toEqual({
    name: "forms.nameTooLong",
    email: "validation.emailInvalid",
    message: "validation.inputEmpty",
  });
  const noEmail = await request.post("/api/forms/newsletter", { data: {} });
  expect(noEmail.status()).toBe(422);
  expect((await request.post("/api/forms/unknown", { data: {} })).status()).toBe(404);
});
