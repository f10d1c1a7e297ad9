import { expect, test } from "./fixtures";
import { createCompany, createUser, PASSWORD, postFrom, readMail, uniqueEmail } from "./auth-support";

/**
 * A sign-in attempt from another client: 127.0.0.2 is loopback too, but the app (which takes
 * the client address from the socket) sees a different address than the browser's.
 */
async function signInFrom(localAddress: string, email: string, password: string): Promise<number> {
  return (await postFrom(localAddress, "/api/auth/sign-in/email", { email, password })).status;
}

test("after five wrong passwords from elsewhere, the owner signs in with the password and the e-mailed code", async ({
  page,
}) => {
  test.slow(); // an e-mail round trip
  const email = uniqueEmail("challenge");
  await createUser({ email, name: "Rita", role: "admin", companyId: await createCompany("Challenge Co") });
  for (let i = 0; i < 5; i++) expect(await signInFrom("127.0.0.2", email, "Wrong!Pass1")).toBe(401);
  // That address is slowed, even with the right password.
  expect(await signInFrom("127.0.0.2", email, PASSWORD)).toBe(429);

  await page.goto("/auth");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Palavra-passe", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page.getByText("enviámos um código de 6 algarismos para o seu e-mail")).toBeVisible();
  const codeField = page.getByLabel("Código do e-mail");
  await expect(codeField).toBeFocused();

  const mail = await readMail(email, "código de acesso");
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1] ?? "";
  expect(code).toMatch(/^\d{6}$/);

  // A wrong code first: refused with a clear message, the form stays.
  await codeField.fill(code === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "Este código está errado ou expirou." }),
  ).toBeVisible();

  await codeField.fill(code);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
});
