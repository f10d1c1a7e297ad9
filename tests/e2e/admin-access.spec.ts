import { expect, test } from "./fixtures";
import {
  createCompany,
  createUser,
  demoCompanyId,
  PASSWORD,
  startSession,
  sql,
  uniqueEmail,
} from "./auth-support";

test("a signed-out visitor goes to sign in and comes back; a manager cannot edit company settings", async ({
  page,
}) => {
  const email = uniqueEmail("manager");
  await createUser({ email, role: "manager", companyId: await demoCompanyId() });

  await page.goto("/admin/settings");
  await expect(page).toHaveURL(/\/auth\?next=%2Fadmin%2Fsettings$/);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Palavra-passe", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(page.getByRole("heading", { name: "Definições", level: 1 })).toBeVisible();

  // Managers are not offered admin-only settings; the page itself still says why if opened.
  await expect(page.getByRole("link", { name: /Dados da empresa/ })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /As suas sessões/ })).toBeVisible();
  await page.goto("/admin/settings/company-data");
  await expect(
    page
      .getByRole("alert")
      .filter({ hasText: "Só os administradores podem editar as definições da empresa" }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Guardar alterações" })).toHaveCount(0);

  // The leads list reads the company's real leads.
  await page.getByRole("link", { name: "Leads" }).click();
  await expect(page.getByRole("cell", { name: "Beatriz Costa" }).first()).toBeVisible();
});

test("role user and an account without a profile see Access Denied", async ({ browser }) => {
  const fan = uniqueEmail("fan");
  const newcomer = uniqueEmail("newcomer");
  await createUser({ email: fan, role: "user", companyId: await demoCompanyId() });
  await createUser({ email: newcomer });

  for (const [email, profileFound] of [
    [fan, "sim"],
    [newcomer, "não"],
  ] as const) {
    const context = await browser.newContext();
    await startSession(context, email);
    const page = await context.newPage();
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Acesso negado" })).toBeVisible();
    await expect(page.getByText("Não tem permissão para a área administrativa")).toBeVisible();
    // The details are folded, and name no internal id.
    await page.getByText("Detalhes").click();
    await expect(page.locator("dd", { hasText: email })).toBeVisible();
    await expect(page.locator("dd", { hasText: new RegExp(`^${profileFound}$`) })).toBeVisible();
    await expect(page.getByText("Id do utilizador")).toHaveCount(0);
    for (const name of ["Mudar de conta", "Terminar sessão"])
      await expect(page.getByRole("button", { name })).toBeVisible();
    for (const name of ["Recarregar dados", "Recarregar página"])
      await expect(page.getByRole("button", { name })).toBeVisible();
    await expect(page.getByRole("link", { name: "Voltar ao início" })).toBeVisible();
    if (profileFound === "não")
      await expect(page.getByText("Não foi possível encontrar seu perfil de acesso.")).toBeVisible();
    await context.close();
  }
});

test("an admin edits company data", async ({ page, context }) => {
  const email = uniqueEmail("admin");
  await createUser({ email, name: "Ana Admin", role: "admin", companyId: await createCompany("Shell Co") });
  await startSession(context, email);

  await page.goto("/admin/settings/company-data");
  await page.getByLabel("Nome da empresa").fill("Shell Company Renamed");
  await page.getByLabel("Descrição").fill("Concertos sem telemóveis em Lisboa.");
  await page.getByLabel("Website").fill("not a url");
  await page.getByRole("button", { name: "Guardar alterações" }).click();
  await expect(page.getByText("URL inválido, use o formato https://example.com").first()).toBeVisible();
  await page.getByLabel("Website").fill("https://shell.example");
  await page.getByRole("button", { name: "Guardar alterações" }).click();
  await expect(page.getByText("Definições guardadas")).toBeVisible();
  await expect(page.getByTestId("company-name").first()).toHaveText("Shell Company Renamed");
});

test("the theme is stored on the profile and applied on first paint elsewhere", async ({
  page,
  context,
  browser,
}) => {
  const email = uniqueEmail("theme");
  const userId = await createUser({ email, role: "admin", companyId: await createCompany("Theme Co") });
  await startSession(context, email);
  await page.goto("/admin");
  await page.getByRole("radio", { name: "Escuro" }).first().click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expect
    .poll(
      async () =>
        (
          await sql<{ t: string }>(`select "themePreference" as t from profile where "userId" = $1`, [userId])
        )[0]?.t,
    )
    .toBe("dark");

  const otherDevice = await browser.newContext({ colorScheme: "light" });
  await startSession(otherDevice, email);
  const other = await otherDevice.newPage();
  await other.goto("/admin");
  await expect(other.locator("html")).toHaveClass(/dark/);
  await otherDevice.close();
});

test("logout asks for confirmation, ends the session and goes home", async ({ page, context }) => {
  const email = uniqueEmail("logout");
  await createUser({ email, role: "manager", companyId: await createCompany("Logout Co") });
  await startSession(context, email);
  await page.goto("/admin");
  await page.evaluate(() => {
    localStorage.setItem("language", "pt");
    localStorage.setItem("some-draft", "x");
  });

  await page.getByRole("button", { name: "Sair" }).click();
  const dialog = page.getByRole("dialog", { name: "Terminar sessão?" });
  await expect(dialog).toContainText("Terá de entrar novamente para usar a área de administração.");
  await dialog.getByRole("button", { name: "Cancelar" }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole("button", { name: "Sair" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Sair" }).click();

  await expect(page.getByText("Logout realizado")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(
    await page.evaluate(() => [localStorage.getItem("language"), localStorage.getItem("some-draft")]),
  ).toEqual(["pt", null]);
  expect(await (await page.request.get("/api/auth/get-session")).json()).toBeNull();
});

test("the sidebar becomes a drawer on small screens", async ({ page, context }) => {
  const email = uniqueEmail("mobile");
  await createUser({ email, role: "admin", companyId: await createCompany("Mobile Co") });
  await startSession(context, email);
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto("/admin");
  await page.getByRole("button", { name: "Abrir menu" }).click();
  const drawer = page.getByRole("dialog", { name: "Menu" });
  for (const name of ["Painel", "Conteúdos", "Eventos", "Leads", "Análises", "Definições"]) {
    await expect(drawer.getByRole("link", { name })).toBeVisible();
  }
  await drawer.getByRole("link", { name: "Definições" }).click();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(drawer).toBeHidden();
});
