import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createCompany, createUser, PASSWORD, readMail, signInByApi, sql, uniqueEmail } from "./auth-support";
import { axeLightAndDark } from "./axe";

// The account page (issue #12): change the password, change the e-mail address through the
// link sent to it, turn on two-factor authentication and sign in with a code. Portuguese,
// the default language.

/** The current code of an authenticator app holding the Base32 key shown on the page. */
const totpOf = (secret: string) => createOTP(base32.decode(secret)).totp();

async function signOut(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Terminar sessão" }).click();
  // Back to sign-in, returning to the account page (with its query, if any).
  await expect(page).toHaveURL(/\/auth\?next=%2Faccount(%3F|$)/);
}

async function signInWithForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Palavra-passe", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
}

test("a user without a company changes the password, then signs in with the new one", async ({
  page,
  browser,
}) => {
  test.slow();
  const email = uniqueEmail("account-password");
  await createUser({ email, name: "Paula" });
  const otherDevice = await browser.newContext();
  await signInByApi(otherDevice, email);

  // Signed out, the page sends to sign-in and back.
  await page.goto("/account");
  await expect(page).toHaveURL(/\/auth\?next=%2Faccount$/);
  await signInWithForm(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { name: "A sua conta", level: 1 })).toBeVisible();

  // The e-mail form asks for the current password too: this is the password form.
  const passwordForm = page.locator("form").filter({ has: page.getByLabel("Nova palavra-passe") });
  await passwordForm.getByLabel("Palavra-passe atual").fill("Errada!2026");
  await page.getByLabel("Nova palavra-passe").fill("Nova!Senha2026");
  await page.getByRole("button", { name: "Alterar palavra-passe" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "A palavra-passe está incorreta." })).toBeVisible();

  await passwordForm.getByLabel("Palavra-passe atual").fill(PASSWORD);
  await page.getByLabel("Nova palavra-passe").fill("semmaiusculas1!");
  await page.getByRole("button", { name: "Alterar palavra-passe" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "uma letra maiúscula" })).toBeVisible();

  await page.getByLabel("Nova palavra-passe").fill("Nova!Senha2026");
  await page.getByRole("button", { name: "Alterar palavra-passe" }).click();
  await expect(
    page.getByText("Palavra-passe alterada. As suas outras sessões foram terminadas."),
  ).toBeVisible();
  expect(await (await otherDevice.request.get("/api/auth/get-session")).json()).toBeNull();
  await otherDevice.close();

  await signOut(page);
  await signInWithForm(page, email, "Nova!Senha2026");
  await expect(page).toHaveURL(/\/account$/);
});

test("an admin changes the e-mail address through the link sent to the new one", async ({ page }) => {
  test.slow();
  const oldEmail = uniqueEmail("account-old");
  const newEmail = uniqueEmail("account-new");
  await createUser({
    email: oldEmail,
    name: "Eva",
    role: "admin",
    companyId: await createCompany("Mail Co"),
  });
  await signInByApi(page.context(), oldEmail);

  await page.goto("/admin");
  await page.getByRole("link", { name: "A sua conta" }).first().click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText(`Endereço atual: ${oldEmail}`)).toBeVisible();
  const emailForm = page.locator("form").filter({ has: page.getByLabel("Novo endereço de e-mail") });
  await emailForm.getByLabel("Novo endereço de e-mail").fill(newEmail);
  // A session alone cannot move the account away: the current password confirms it.
  await emailForm.getByLabel("Palavra-passe atual").fill("Errada!2026");
  await page.getByRole("button", { name: "Enviar link de confirmação" }).click();
  await expect(
    emailForm.getByRole("alert").filter({ hasText: "A palavra-passe está incorreta." }),
  ).toBeVisible();
  await emailForm.getByLabel("Palavra-passe atual").fill(PASSWORD);
  await page.getByRole("button", { name: "Enviar link de confirmação" }).click();
  await expect(page.getByText(`Enviámos um link de confirmação para ${newEmail}`)).toBeVisible();

  const notice = await readMail(oldEmail, "está a ser alterado");
  expect(notice.text).toContain(newEmail);
  const confirm = await readMail(newEmail, "Confirme o seu novo endereço");
  await page.goto(confirm.link);
  await expect(page).toHaveURL(/\/account\?email=changed$/);
  await expect(page.getByText("O seu endereço de e-mail foi alterado.")).toBeVisible();
  await expect(page.getByText(`Endereço atual: ${newEmail}`)).toBeVisible();

  await signOut(page);
  await signInWithForm(page, oldEmail, PASSWORD);
  await expect(page.getByText("E-mail ou palavra-passe inválidos.")).toBeVisible();
  await signInWithForm(page, newEmail, PASSWORD);
  await expect(page).toHaveURL(/\/account\?email=changed$/);
  await expect(page.getByText(`Endereço atual: ${newEmail}`)).toBeVisible();
});

test("two-factor authentication: turned on with an authenticator app, then needed to sign in", async ({
  page,
  baseURL,
}) => {
  test.slow();
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL! });
  const email = uniqueEmail("account-totp");
  await createUser({ email, name: "Tomás", role: "admin", companyId: await createCompany("Totp Co") });
  await signInByApi(page.context(), email);
  // The page runs under the signed-in area's nonce policy; the QR code is a data: image.
  const cspErrors: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) cspErrors.push(message.text());
  });
  await page.goto("/account");

  const section = page.locator("#two-factor");
  await expect(section.getByTestId("two-factor-status")).toHaveText("Desativada");
  await section.getByLabel("A sua palavra-passe").fill(PASSWORD);
  await section.getByRole("button", { name: "Ativar" }).click();
  await expect(section.getByRole("img", { name: "Código QR da chave" })).toBeVisible();
  const secret = (await section.getByTestId("totp-secret").textContent())?.trim() ?? "";
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  await section.getByLabel("Código da aplicação").fill(await totpOf(secret));
  await section.getByRole("button", { name: "Verificar e ativar" }).click();
  await expect(section.getByTestId("two-factor-status")).toHaveText("Ativa");
  await expect(section.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
  const codes = await section.getByTestId("recovery-codes").getByRole("listitem").allTextContents();
  // Kept by a click: copied, or downloaded as a text file.
  const download = page.waitForEvent("download");
  await section.getByRole("button", { name: "Transferir" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("afterglow-recovery-codes.txt");
  expect((await readFile((await file.path())!, "utf8")).trim().split("\n").slice(-10)).toEqual(codes);
  await section.getByRole("button", { name: "Copiar os códigos de recuperação" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(codes.join("\n"));
  expect(cspErrors).toEqual([]);

  await signOut(page);
  await signInWithForm(page, email, PASSWORD);
  await expect(page.getByRole("heading", { name: "Verificação em dois passos" })).toBeVisible();
  // The password alone opened no session.
  expect(await (await page.request.get("/api/auth/get-session")).json()).toBeNull();
  await page.getByLabel("Código", { exact: true }).fill(await totpOf(secret));
  await page.getByRole("button", { name: "Verificar", exact: true }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.locator("#two-factor").getByTestId("two-factor-status")).toHaveText("Ativa");
});

test("a company requiring two-factor sends a member without it to set it up first, admins or everyone", async ({
  page,
}) => {
  test.slow();
  const email = uniqueEmail("account-required");
  const companyId = await createCompany("Required Co");
  await createUser({ email, name: "Rita", role: "admin", companyId });
  await sql(`update company set "twoFactorRequired" = 'admins' where id = $1`, [companyId]);
  await signInByApi(page.context(), email);

  await page.goto("/admin/leads");
  await expect(page.getByRole("heading", { name: "Autenticação de dois fatores obrigatória" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Navegação da administração" })).toHaveCount(0);
  await page.getByRole("link", { name: "Configurar a autenticação de dois fatores" }).click();
  await expect(page).toHaveURL(/\/account#two-factor$/);

  const section = page.locator("#two-factor");
  await section.getByLabel("A sua palavra-passe").fill(PASSWORD);
  await section.getByRole("button", { name: "Ativar" }).click();
  const secret = (await section.getByTestId("totp-secret").textContent())?.trim() ?? "";
  await section.getByLabel("Código da aplicação").fill(await totpOf(secret));
  await section.getByRole("button", { name: "Verificar e ativar" }).click();
  await expect(section.getByTestId("two-factor-status")).toHaveText("Ativa");

  // Now the admin area opens, and the setting can be changed there: to everyone.
  await page.goto("/admin/settings/security");
  const who = page.getByRole("group", { name: "Quem tem de usar a autenticação de dois fatores" });
  await expect(who.getByRole("radio", { name: "Administradores", exact: true })).toBeChecked();
  await axeLightAndDark(page);
  await who.getByRole("radio", { name: "Todos: administradores, gestores e utilizadores" }).check();
  await page.getByRole("button", { name: "Guardar alterações" }).click();
  await expect(page.getByText("Definições guardadas")).toBeVisible();
  const [row] = await sql<{ twoFactorRequired: string }>(
    `select "twoFactorRequired" from company where id = $1`,
    [companyId],
  );
  expect(row?.twoFactorRequired).toBe("everyone");

  // A manager without it is now sent to set it up too, told that every member needs it.
  const managerEmail = uniqueEmail("account-required-manager");
  await createUser({ email: managerEmail, name: "Manel", role: "manager", companyId });
  await page.context().clearCookies();
  await signInByApi(page.context(), managerEmail);
  await page.goto("/admin/content");
  await expect(page.getByRole("heading", { name: "Autenticação de dois fatores obrigatória" })).toBeVisible();
  await expect(page.getByText(/exige a autenticação de dois fatores a todos os membros/)).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Navegação da administração" })).toHaveCount(0);
  await axeLightAndDark(page);
});
