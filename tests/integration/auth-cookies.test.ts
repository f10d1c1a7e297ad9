import { afterAll, beforeAll, expect, it } from "vitest";
import { startAuthHarness, type AuthHarness } from "./support/auth-harness";

// Served over https (production), the session cookie is `__Secure-` prefixed, Secure and HttpOnly.

let h: AuthHarness;
beforeAll(async () => {
  h = await startAuthHarness({ appUrl: "https://afterglow.example" });
});
afterAll(async () => {
  await h?.close();
});

it("sets a __Secure- HttpOnly session cookie on https", async () => {
  await h.createUser({ email: "secure@test.dev" });
  const response = await h.browser().signIn("secure@test.dev");
  expect(response.status).toBe(200);
  const cookie = response.headers.getSetCookie().find((c) => c.includes("session_token="));
  expect(cookie).toMatch(/^__Secure-afterglow\.session_token=/);
  expect(cookie).toMatch(/; Secure/i);
  expect(cookie).toMatch(/; HttpOnly/i);
  expect(cookie).toMatch(/; SameSite=Lax/i);
});
