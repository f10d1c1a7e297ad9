import { expect, test } from "./fixtures";
import { createCompany, createUser, signInByApi, sql, uniqueEmail } from "./auth-support";
import { waitForHydration } from "./public-helpers";

test("the third admin sign-in ends the first session", async ({ browser }) => {
  test.setTimeout(60_000);
  const email = uniqueEmail("limit");
  await createUser({ email, role: "admin", companyId: await createCompany("Limit Co") });
  const contexts = [await browser.newContext(), await browser.newContext(), await browser.newContext()];
  for (const context of contexts) await signInByApi(context, email);

  const first = await contexts[0]!.newPage();
  await first.goto("/admin");
  await expect(first).toHaveURL(/\/auth\?next=%2Fadmin$/);
  const third = await contexts[2]!.newPage();
  await third.goto("/admin");
  await expect(third.getByRole("heading", { name: "Painel" })).toBeVisible();
  for (const context of contexts) await context.close();
});

test("the server refuses a session idle for longer than the timeout", async ({ page, context }) => {
  const email = uniqueEmail("idle");
  const userId = await createUser({ email, role: "admin", companyId: await createCompany("Idle Co") });
  await signInByApi(context, email);
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Painel" })).toBeVisible();

  // As if the tab had been closed 31 minutes ago.
  await sql(`update session set "lastActiveAt" = now() - interval '31 minutes' where "userId" = $1`, [
    userId,
  ]);
  await page.goto("/admin/settings");
  await expect(page).toHaveURL(/\/auth\?next=%2Fadmin%2Fsettings$/);
  const [audit] = await sql<{ details: { cleanupReason: string } }>(
    `select details from session_audit where "userId" = $1 and action = 'session_ended'`,
    [userId],
  );
  expect(audit?.details.cleanupReason).toBe("inactivity");
});

test("the browser warns at 25 minutes and signs out at 30", async ({ page, context }) => {
  test.setTimeout(60_000);
  const email = uniqueEmail("clock");
  const userId = await createUser({ email, role: "manager", companyId: await createCompany("Clock Co") });
  await signInByApi(context, email);
  await page.clock.install();
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Painel" })).toBeVisible();
  // The monitor's timers start when the page hydrates: moving the clock earlier would skip them.
  await waitForHydration(page);

  await page.clock.fastForward("24:50");
  await expect(page.getByText("A sua sessão expira em 5 minutos")).toHaveCount(0);
  await page.clock.fastForward("00:15");
  await expect(page.getByText("A sua sessão expira em 5 minutos")).toBeVisible();

  await page.clock.fastForward("05:00");
  await expect(page.getByText("Sessão expirada por inatividade")).toBeVisible();
  await expect(page).toHaveURL(/\/auth\?next=%2Fadmin$/);
  await expect
    .poll(
      async () =>
        (
          await sql<{ n: number }>(
            `select count(*)::int as n from session_audit where "userId" = $1 and action = 'session_ended' and details->>'cleanupReason' = 'inactivity'`,
            [userId],
          )
        )[0]?.n,
    )
    .toBe(1);
});
