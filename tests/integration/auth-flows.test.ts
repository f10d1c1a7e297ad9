import { createEmailVerificationToken } from "better-auth/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_URL, PASSWORD, startAuthHarness, type AuthHarness } from "./support/auth-harness";
import { createTenant } from "./support/tenants";

// The HTTP face of /api/auth/* with the app's own hooks, against a real PostgreSQL.

let h: AuthHarness;
beforeAll(async () => {
  h = await startAuthHarness({ idleMinutes: 30 });
});
afterAll(async () => {
  await h?.close();
});

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

async function auditOf(userId: string, action: "session_started" | "session_ended") {
  return h.prisma.sessionAudit.findMany({ where: { userId, action }, orderBy: { createdAt: "asc" } });
}

describe("sign-up", () => {
  it.each([
    ["Ab!1xyz", "Password must be at least 8 characters long"],
    ["ABCDEF!1", "Password must contain at least one lowercase letter"],
    ["abcdef!1", "Password must contain at least one uppercase letter"],
    ["Abcdefg!", "Password must contain at least one number"],
    ["Abcdefg1", "Password must contain at least one special character"],
  ])("refuses %s with the spec's message", async (password, message) => {
    const response = await h.browser("en").fetch("/sign-up/email", {
      body: { name: "Weak", email: `weak-${password.length}-${message.length}@test.dev`, password },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "PASSWORD_TOO_WEAK", message, messages: [message] });
  });

  it("answers in the browser's language", async () => {
    const response = await h.browser("pt").fetch("/sign-up/email", {
      body: { name: "Fraca", email: "fraca@test.dev", password: "abcdefgh" },
    });
    const body = (await response.json()) as { message: string; messages: string[] };
    expect(body.messages).toEqual([
      "A palavra-passe deve conter pelo menos uma letra maiúscula",
      "A palavra-passe deve conter pelo menos um número",
      "A palavra-passe deve conter pelo menos um caractere especial",
    ]);
    expect(await h.prisma.user.count({ where: { email: "fraca@test.dev" } })).toBe(0);
  });

  it("strips script tags from the display name, e-mails a confirmation, refuses sign-in until confirmed", async () => {
    const browser = h.browser("en");
    const signUp = await browser.fetch("/sign-up/email", {
      body: {
        name: '  <script>alert("x")</script>Ana Lima ',
        email: "Ana.Lima@Test.dev",
        password: PASSWORD,
        callbackURL: "/somewhere-else",
      },
    });
    expect(signUp.status).toBe(200);
    const user = await h.prisma.user.findUniqueOrThrow({ where: { email: "ana.lima@test.dev" } });
    expect(user).toMatchObject({ name: "Ana Lima", emailVerified: false });
    expect(browser.cookies.size).toBe(0); // no session before confirmation

    const mail = await h.waitForMail("ana.lima@test.dev");
    expect(mail.subject).toBe("Confirm your e-mail address");
    expect(mail.text).toContain("Hi Ana Lima,");
    expect(mail.html).toContain("<a href=");
    const link = new URL(mail.link);
    expect(link.origin).toBe(APP_URL);
    // Whatever the client asked, the link lands on /email-confirmation.
    expect(link.searchParams.get("callbackURL")).toBe("/email-confirmation");

    const refused = await browser.signIn("ana.lima@test.dev");
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: "EMAIL_NOT_VERIFIED" });

    const confirmed = await browser.fetch(mail.link);
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("location")).toBe("/email-confirmation");
    expect(browser.cookies.has("afterglow.session_token")).toBe(true); // signed in by the link
    expect((await h.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).emailVerified).toBe(true);

    const again = await h.browser().fetch(mail.link);
    expect(again.headers.get("location")).toBe("/email-confirmation?error=LINK_UNUSABLE");
    expect((await browser.signIn("ana.lima@test.dev")).status).toBe(200);
  });

  it("answers every link that confirms nothing alike: expired, used, unknown, forged, malformed (regression)", async () => {
    await h
      .browser()
      .fetch("/sign-up/email", { body: { name: "Late", email: "late@test.dev", password: PASSWORD } });
    await h.waitForMail("late@test.dev");
    await h.createUser({ email: "confirmed@test.dev" });
    const { secret } = await (await import("@/lib/platform/auth/auth")).getAuth().$context;
    const b64 = (data: object) => Buffer.from(JSON.stringify(data)).toString("base64url");
    const unsigned = (email: string) =>
      `${b64({ alg: "HS256", typ: "JWT" })}.${b64({ email, exp: Math.floor(Date.now() / 1000) + 3600 })}.`;
    const tokens = {
      expired: await createEmailVerificationToken(secret, "late@test.dev", undefined, -60),
      // A genuine, unexpired link of an address already confirmed: "used".
      used: await createEmailVerificationToken(secret, "confirmed@test.dev"),
      unknown: await createEmailVerificationToken(secret, "nobody@test.dev"),
      wrongSecret: await createEmailVerificationToken("not-the-secret-".repeat(3), "confirmed@test.dev"),
      // Unsigned tokens naming a confirmed account and an unknown address: the old oracle.
      forgedConfirmed: unsigned("confirmed@test.dev"),
      forgedUnknown: unsigned("nobody@test.dev"),
      noneAlg: `${b64({ alg: "none" })}.${b64({ email: "confirmed@test.dev" })}.`,
      malformed: "not-a-token",
    };
    const answer = async (query: string) => {
      const response = await h.browser().fetch(`/verify-email?${query}`);
      return {
        status: response.status,
        location: response.headers.get("location"),
        body: await response.text(),
        cookies: response.headers.getSetCookie().length,
      };
    };
    for (const callback of [`&callbackURL=${encodeURIComponent("/email-confirmation")}`, ""]) {
      const answers = new Map<string, unknown>();
      for (const [name, token] of Object.entries(tokens)) {
        answers.set(name, await answer(`token=${encodeURIComponent(token)}${callback}`));
      }
      answers.set("missing", await answer(callback.slice(1)));
      const one = { status: 302, location: "/email-confirmation?error=LINK_UNUSABLE", body: "", cookies: 0 };
      expect(Object.fromEntries(answers)).toEqual(
        Object.fromEntries([...answers.keys()].map((k) => [k, one])),
      );
    }
    // The link keeps only the local `next` it asked for, whatever the token.
    const withNext = `&callbackURL=${encodeURIComponent("/email-confirmation?next=/invite/abc")}`;
    expect(await answer(`token=${tokens.used}${withNext}`)).toEqual(
      await answer(`token=${tokens.forgedUnknown}${withNext}`),
    );
    expect((await answer(`token=${tokens.forgedUnknown}${withNext}`)).location).toBe(
      "/email-confirmation?next=%2Finvite%2Fabc&error=LINK_UNUSABLE",
    );
    expect((await h.prisma.user.findUniqueOrThrow({ where: { email: "late@test.dev" } })).emailVerified).toBe(
      false,
    );
  });

  it("gives the same answer for an address that already has an account", async () => {
    await h.createUser({ email: "taken@test.dev" });
    const first = await h.browser().fetch("/sign-up/email", {
      body: { name: "Someone", email: "taken@test.dev", password: PASSWORD },
    });
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({
      token: null,
      user: { email: "taken@test.dev", emailVerified: false },
    });
  });
});

describe("abuse protection", () => {
  it("answers 429 after repeated wrong passwords for one account from one client, in the user's language", async () => {
    await h.createUser({ email: "target@test.dev" });
    await h.createUser({ email: "bystander@test.dev" });
    const attacker = h.browser("pt");
    const from = { "x-forwarded-for": "192.0.2.66" };
    for (let i = 0; i < 5; i++) {
      const wrong = await attacker.fetch("/sign-in/email", {
        body: { email: "target@test.dev", password: "Wrong!Pass1" },
        headers: from,
      });
      expect(wrong.status).toBe(401);
    }
    const locked = await attacker.fetch("/sign-in/email", {
      body: { email: "target@test.dev", password: PASSWORD }, // even the right password
      headers: from,
    });
    expect(locked.status).toBe(429);
    expect(locked.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await locked.json()).toMatchObject({
      code: "TOO_MANY_ATTEMPTS",
      message:
        "Demasiadas tentativas falhadas nesta conta. Tente novamente dentro de 15 minutos ou redefina a palavra-passe.",
    });
    expect((await h.browser().signIn("bystander@test.dev")).status).toBe(200);
    // The owner elsewhere is not locked out: the right password asks for the e-mailed code.
    const owner = await h.browser().fetch("/sign-in/email", {
      body: { email: "target@test.dev", password: PASSWORD },
      headers: { "x-forwarded-for": "192.0.2.67" },
    });
    expect(owner.status).toBe(403);
    expect(await owner.json()).toMatchObject({ code: "LOGIN_CODE_REQUIRED" });
    // One count for the account, one for the account from that address (the owner's attempt was
    // counted, then taken back: its row stays at 0 until its window ends).
    expect(
      await h.prisma.rateLimiter.count({
        where: { key: { startsWith: "w900:sign-in-failures|" }, points: { gt: 0 } },
      }),
    ).toBe(2);
  });

  it("limits reset requests per client IP with a translated 429", async () => {
    const client = h.browser("fr");
    const ip = { "x-forwarded-for": "203.0.113.7" };
    for (let i = 0; i < 5; i++) {
      const ok = await client.fetch("/request-password-reset", {
        body: { email: "nobody@test.dev" },
        headers: ip,
      });
      expect(ok.status).toBe(200);
    }
    const limited = await client.fetch("/request-password-reset", {
      body: { email: "nobody@test.dev" },
      headers: ip,
    });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await limited.json()).toEqual({
      code: "TOO_MANY_REQUESTS",
      message: "Trop de tentatives. Patientez un instant puis réessayez.",
    });
  });

  it("refuses a link to another site", async () => {
    const response = await h.browser().fetch("/sign-up/email", {
      body: { name: "Eve", email: "eve@test.dev", password: PASSWORD, callbackURL: "https://evil.example/x" },
    });
    expect(response.status).toBe(403);
  });

  it("refuses a request from a foreign origin", async () => {
    await h.createUser({ email: "origin@test.dev" });
    const response = await h.browser().fetch("/sign-in/email", {
      body: { email: "origin@test.dev", password: PASSWORD },
      headers: { origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
  });
});

describe("sessions", () => {
  it("refuses a session idle past the timeout and audits why it ended", async () => {
    const userId = await h.createUser({ email: "idle@test.dev" });
    const browser = h.browser();
    await browser.signIn("idle@test.dev");
    const session = await h.prisma.session.findFirstOrThrow({ where: { userId } });

    await h.prisma.session.update({ where: { id: session.id }, data: { lastActiveAt: minutesAgo(29) } });
    expect(await (await browser.fetch("/get-session")).json()).not.toBeNull();

    await h.prisma.session.update({ where: { id: session.id }, data: { lastActiveAt: minutesAgo(31) } });
    expect(await (await browser.fetch("/get-session")).json()).toBeNull();
    expect(await h.prisma.session.count({ where: { id: session.id } })).toBe(0);
    const [ended] = await auditOf(userId, "session_ended");
    expect(ended).toMatchObject({
      tableName: "session",
      recordId: session.id,
      details: { cleanupReason: "inactivity", timeoutMinutes: 30, sessionToken: session.token.slice(0, 8) },
    });
  });

  it("records activity at most once a minute", async () => {
    const userId = await h.createUser({ email: "active@test.dev" });
    const browser = h.browser();
    await browser.signIn("active@test.dev");
    const { id } = await h.prisma.session.findFirstOrThrow({ where: { userId } });

    const recent = new Date(Date.now() - 20_000);
    await h.prisma.session.update({ where: { id }, data: { lastActiveAt: recent } });
    await browser.fetch("/get-session");
    expect((await h.prisma.session.findUniqueOrThrow({ where: { id } })).lastActiveAt).toEqual(recent);

    await h.prisma.session.update({ where: { id }, data: { lastActiveAt: minutesAgo(10) } });
    await browser.fetch("/get-session");
    const touched = (await h.prisma.session.findUniqueOrThrow({ where: { id } })).lastActiveAt;
    expect(Date.now() - touched.getTime()).toBeLessThan(5_000);
  });

  it("ends the oldest session when an admin signs in a third time", async () => {
    const companyId = (await createTenant(h.prisma, { slug: "limits" })).id;
    const userId = await h.createUser({ email: "boss@test.dev", role: "admin", companyId });
    const [first, second, third] = [h.browser(), h.browser(), h.browser()];
    for (const browser of [first, second, third]) {
      expect((await browser.signIn("boss@test.dev")).status).toBe(200);
    }
    expect(await (await first.fetch("/get-session")).json()).toBeNull();
    expect(await (await second.fetch("/get-session")).json()).not.toBeNull();
    expect(await (await third.fetch("/get-session")).json()).not.toBeNull();

    const started = await auditOf(userId, "session_started");
    expect(started).toHaveLength(3);
    expect(started[0]).toMatchObject({ companyId, details: { timeoutMinutes: 30, maxConcurrent: 2 } });
    expect((started[0]?.details as { sessionToken: string }).sessionToken).toHaveLength(8);
    const ended = await auditOf(userId, "session_ended");
    expect(ended).toHaveLength(1);
    expect(ended[0]).toMatchObject({
      recordId: started[0]?.recordId,
      details: { cleanupReason: "limit", maxConcurrent: 2 },
    });
  });

  it("allows three sessions to an account outside the admin area", async () => {
    const userId = await h.createUser({ email: "fan@test.dev" });
    const browsers = [h.browser(), h.browser(), h.browser(), h.browser()];
    for (const browser of browsers) await browser.signIn("fan@test.dev");
    expect(await h.prisma.session.count({ where: { userId } })).toBe(3);
    expect(await (await browsers[0]!.fetch("/get-session")).json()).toBeNull();
  });

  it("audits a sign-out, and an idle sign-out as inactivity", async () => {
    const userId = await h.createUser({ email: "leaver@test.dev" });
    const normal = h.browser();
    await normal.signIn("leaver@test.dev");
    expect((await normal.fetch("/sign-out", { body: {} })).status).toBe(200);
    const idle = h.browser();
    await idle.signIn("leaver@test.dev");
    await idle.fetch("/sign-out", { body: {}, headers: { "x-afterglow-sign-out-reason": "inactivity" } });

    const reasons = (await auditOf(userId, "session_ended")).map(
      (a) => (a.details as { cleanupReason: string }).cleanupReason,
    );
    expect(reasons).toEqual(["sign-out", "inactivity"]);
  });
});

describe("password reset", () => {
  it("answers alike for unknown addresses, e-mails a link, enforces the rules and ends other sessions", async () => {
    const userId = await h.createUser({ email: "forgetful@test.dev", name: "Rita" });
    const otherDevice = h.browser();
    await otherDevice.signIn("forgetful@test.dev");

    const unknown = await h.browser().fetch("/request-password-reset", { body: { email: "ghost@test.dev" } });
    const known = await h.browser().fetch("/request-password-reset", {
      body: { email: "forgetful@test.dev", redirectTo: "/somewhere-else" },
    });
    expect(known.status).toBe(unknown.status);
    expect(await known.json()).toEqual(await unknown.json());

    const mail = await h.waitForMail("forgetful@test.dev");
    expect(mail.subject).toBe("Redefina a sua palavra-passe Afterglow");
    const landing = await h.browser().fetch(mail.link);
    const location = new URL(landing.headers.get("location") ?? "", APP_URL);
    expect(location.pathname).toBe("/auth/reset-password");
    const token = location.searchParams.get("token") ?? "";
    expect(token).not.toBe("");

    const weak = await h
      .browser("en")
      .fetch("/reset-password", { body: { token, newPassword: "alllowercase1!" } });
    expect(weak.status).toBe(400);
    expect(await weak.json()).toMatchObject({
      message: "Password must contain at least one uppercase letter",
    });

    const reset = await h
      .browser()
      .fetch("/reset-password", { body: { token, newPassword: "N3w!Password" } });
    expect(reset.status).toBe(200);
    expect(await (await otherDevice.fetch("/get-session")).json()).toBeNull();
    const ended = await auditOf(userId, "session_ended");
    expect(ended.map((a) => (a.details as { cleanupReason: string }).cleanupReason)).toEqual([
      "password-reset",
    ]);

    expect((await h.browser().signIn("forgetful@test.dev")).status).toBe(401);
    expect((await h.browser().signIn("forgetful@test.dev", "N3w!Password")).status).toBe(200);
    const reused = await h
      .browser()
      .fetch("/reset-password", { body: { token, newPassword: "An0ther!Pass" } });
    expect(reused.status).toBe(400);
  });
});
