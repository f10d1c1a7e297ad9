import { expect, test } from "./fixtures";
import { createCompany, createUser, readMail, signInByApi, uniqueEmail } from "./auth-support";

test("password reset by e-mail: new password with the same rules, other sessions ended", async ({
  page,
  browser,
}) => {
  test.slow(); // a whole journey through several pages and an e-mail
  const email = uniqueEmail("reset");
  await createUser({ email, name: "Rui", role: "admin", companyId: await createCompany("Reset Co") });
  const otherDevice = await browser.newContext();
  await signInByApi(otherDevice, email);

  await page.goto("/auth");
  await page.getByRole("link", { name: "Esqueceu a palavra-passe?" }).click();
  await expect(page.getByRole("heading", { name: "Redefinir a palavra-passe" })).toBeVisible();
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Enviar link" }).click();
  await expect(page.getByText(`Se existir uma conta para ${email}`)).toBeVisible();

  const mail = await readMail(email, "palavra-passe");
  await page.goto(mail.link);
  await expect(page).toHaveURL(/\/auth\/reset-password\?token=/);
  const field = page.getByLabel("Nova palavra-passe");
  await field.fill("semmaiusculas1!");
  await page.getByRole("button", { name: "Guardar nova palavra-passe" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "uma letra maiúscula" })).toBeVisible();
  await field.fill("Nova!Senha2026");
  await page.getByRole("button", { name: "Guardar nova palavra-passe" }).click();

  await expect(page).toHaveURL(/\/auth\?reset=done$/);
  await expect(page.getByText("A sua palavra-passe foi alterada")).toBeVisible();
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Palavra-passe", { exact: true }).fill("Nova!Senha2026");
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);

  const session = await otherDevice.request.get("/api/auth/get-session");
  expect(await session.json()).toBeNull();
  await otherDevice.close();
});
