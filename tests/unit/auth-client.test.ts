import { describe, expect, it } from "vitest";
import { authClient, authErrorText } from "@/lib/platform/auth/client";
import { stubFetch } from "@/tests/support/stub-fetch";

const t = (key: string) => `t:${key}`;

describe("the browser's Better Auth calls (lib/platform/auth/client.ts)", () => {
  it("posts JSON to the endpoint's path on this origin and resolves to its answer", async () => {
    const spy = stubFetch(async () => Response.json({ twoFactorRedirect: true }));
    const result = await authClient.signIn.email({
      email: "a@example.com",
      password: "x",
      loginCode: "123456",
    });
    expect(result).toEqual({ data: { twoFactorRedirect: true }, error: null });
    const [url, init] = spy.mock.calls[0]!;
    expect(url).toBe("/api/auth/sign-in/email");
    expect(init?.method).toBe("POST");
    expect(init?.headers).toEqual({ "content-type": "application/json" });
    expect(JSON.parse(String(init?.body))).toEqual({
      email: "a@example.com",
      password: "x",
      loginCode: "123456",
    });
  });

  it("gives a refusal's status, code and message (Better Auth's error shape)", async () => {
    stubFetch(async () =>
      Response.json(
        { code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password" },
        { status: 401 },
      ),
    );
    const result = await authClient.signIn.email({ email: "a@example.com", password: "x" });
    expect(result).toEqual({
      data: null,
      error: { status: 401, code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password" },
    });
  });

  it("resolves, not throws, when the server cannot be reached or answers no JSON", async () => {
    stubFetch(async () => {
      throw new TypeError("Failed to fetch");
    });
    expect(await authClient.requestPasswordReset({ email: "a@example.com", redirectTo: "/x" })).toEqual({
      data: null,
      error: { status: 0, code: undefined, message: undefined },
    });
    stubFetch(async () => new Response("<html>Bad gateway</html>", { status: 502 }));
    expect((await authClient.resetPassword({ newPassword: "x", token: "t" })).error).toEqual({
      status: 502,
      code: undefined,
      message: undefined,
    });
  });

  it("signs out with a POST carrying the given headers, and reads the session with a GET", async () => {
    const spy = stubFetch(async () => Response.json(null));
    await authClient.signOut({ "x-afterglow-sign-out-reason": "inactivity" });
    expect(spy.mock.calls[0]![0]).toBe("/api/auth/sign-out");
    expect(spy.mock.calls[0]![1]).toMatchObject({
      method: "POST",
      body: "{}",
      headers: { "x-afterglow-sign-out-reason": "inactivity", "content-type": "application/json" },
    });
    expect(await authClient.getSession()).toEqual({ data: null, error: null });
    expect(spy.mock.calls[1]![0]).toBe("/api/auth/get-session");
    expect(spy.mock.calls[1]![1]?.method).toBeUndefined();
  });

  it("calls the two-factor, sign-up and confirmation endpoints by their paths", async () => {
    const spy = stubFetch(async () => Response.json({}));
    await authClient.twoFactor.verifyTotp({ code: "123456", trustDevice: false });
    await authClient.twoFactor.verifyBackupCode({ code: "abc", trustDevice: true });
    await authClient.signUp.email({ name: "A", email: "a@example.com", password: "p", callbackURL: "/c" });
    await authClient.sendVerificationEmail({ email: "a@example.com", callbackURL: "/c" });
    expect(spy.mock.calls.map(([url]) => url)).toEqual([
      "/api/auth/two-factor/verify-totp",
      "/api/auth/two-factor/verify-backup-code",
      "/api/auth/sign-up/email",
      "/api/auth/send-verification-email",
    ]);
  });
});

describe("authErrorText", () => {
  it("shows the server's own text where it wrote it in the user's language, else the catalogue's", () => {
    expect(authErrorText({ status: 429, code: "TOO_MANY_REQUESTS", message: "Demasiados pedidos" }, t)).toBe(
      "Demasiados pedidos",
    );
    expect(authErrorText({ status: 400, code: "PASSWORD_TOO_WEAK", message: "Fraca" }, t)).toBe("Fraca");
    expect(authErrorText({ status: 401, code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid" }, t)).toBe(
      "t:auth.errors.invalidCredentials",
    );
    expect(authErrorText({ status: 0 }, t)).toBe("t:auth.errors.generic");
  });
});
