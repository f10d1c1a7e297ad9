import { readdir } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountLimitKey } from "@/lib/core/rate-limit/mailbox-key";
import { PASSWORD, startAuthHarness, type AuthHarness, type Browser } from "./support/auth-harness";
import { rowsNamingAddress } from "./support/limiter-store";

// Issue #12 hole 8: wrong passwords slow the client that sends them and put the account behind
// an e-mailed code; they never lock the owner out. Through the real Better Auth handler.

let h: AuthHarness;
beforeAll(async () => {
  h = await startAuthHarness();
});
afterAll(async () => {
  await h?.close();
});

const WRONG = "Wrong!Pass1";
const WINDOW_MS = 15 * 60_000;

function signIn(browser: Browser, ip: string, email: string, password: string, loginCode?: string) {
  return browser.fetch("/sign-in/email", {
    body: { email, password, ...(loginCode === undefined ? {} : { loginCode }) },
    headers: { "x-forwarded-for": ip },
  });
}

async function failFiveTimes(email: string, ip: string): Promise<void> {
  const guesser = h.browser();
  for (let i = 0; i < 5; i++) expect((await signIn(guesser, ip, email, WRONG)).status).toBe(401);
}

async function codeFromMail(email: string, subject: string): Promise<string> {
  const mail = await h.waitForMail(email, subject);
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in: ${mail.text}`);
  return code;
}

const mailCount = async () =>
  (await readdir(path.join(h.dataDir, "mail")).catch(() => [] as string[])).filter((f) => f.endsWith(".eml"))
    .length;

/** The account's e-mailed code, as sign-in-challenge.ts names it. */
const codeIdentifier = (email: string) => `sign-in-code:${accountLimitKey(email)}`;

/**
 * The account's failure counters (its own and each address's), as login-throttle.ts keys them
 * in the limiter's table (`w<window seconds>:` before the key).
 */
const failureKeys = (email: string) => ({
  startsWith: `w${WINDOW_MS / 1000}:sign-in-failures|${accountLimitKey(email)}`,
});

/** Ends an account's failure counters' windows, as if 16 minutes had gone by. */
async function ageCounters(email: string): Promise<void> {
  await h.prisma.rateLimiter.updateMany({
    where: { key: failureKeys(email) },
    data: { expire: BigInt(Date.now() - 60_000) },
  });
}

describe("a guessed-at account", () => {
  it("lets the owner in from another address with the right password and the e-mailed code", async () => {
    await h.createUser({ email: "owner@test.dev", name: "Olga" });
    await failFiveTimes("owner@test.dev", "198.51.100.1");

    const owner = h.browser("pt");
    const challenged = await signIn(owner, "198.51.100.2", "owner@test.dev", PASSWORD);
    expect(challenged.status).toBe(403);
    expect(await challenged.json()).toMatchObject({
      code: "LOGIN_CODE_REQUIRED",
      message:
        "Houve várias tentativas falhadas nesta conta, por isso enviámos um código de 6 algarismos para o seu e-mail. Introduza-o para entrar.",
    });
    expect([...owner.cookies.keys()].some((name) => name.includes("session_token"))).toBe(false);

    const mail = await h.waitForMail("owner@test.dev", "O seu código de acesso Afterglow");
    expect(mail.text).toContain("Olá Olga,");
    expect(mail.text).toContain("O código é válido durante 10 minutos");
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1] ?? "";
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.html).toContain(code);
    // Stored as a keyed hash, never as the code itself.
    const [row] = await h.prisma.verification.findMany({
      where: { identifier: { startsWith: "sign-in-code:" } },
    });
    expect(row?.value).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.value).not.toContain(code);
    // Neither the code's name nor the failure counts are a plain hash of the address (issue #36 review).
    expect(await rowsNamingAddress(h.prisma, "owner@test.dev")).toBe(0);

    const signedIn = await signIn(owner, "198.51.100.2", "owner@test.dev", PASSWORD, code);
    expect(signedIn.status).toBe(200);
    expect([...owner.cookies.keys()].some((name) => name.includes("session_token"))).toBe(true);

    // The owner's success clears the account's count, so the next sign-in needs no code…
    expect((await signIn(h.browser(), "198.51.100.2", "owner@test.dev", PASSWORD)).status).toBe(200);
    // …but not the guesser's: that address stays slowed for the rest of its window.
    expect((await signIn(h.browser(), "198.51.100.1", "owner@test.dev", PASSWORD)).status).toBe(429);
  });

  it("slows the address that failed (429, translated, Retry-After) and no other", async () => {
    await h.createUser({ email: "slowed@test.dev" });
    await failFiveTimes("slowed@test.dev", "198.51.100.11");

    const again = await signIn(h.browser("en"), "198.51.100.11", "slowed@test.dev", PASSWORD);
    expect(again.status).toBe(429);
    const retryAfter = Number(again.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(await again.json()).toMatchObject({
      code: "TOO_MANY_ATTEMPTS",
      message: "Too many failed sign-ins for this account. Try again in 15 minutes or reset your password.",
    });
    // Another address is not slowed: a wrong password there is an ordinary 401.
    expect((await signIn(h.browser(), "198.51.100.12", "slowed@test.dev", WRONG)).status).toBe(401);
    // The same address may still sign in to another account.
    await h.createUser({ email: "neighbour@test.dev" });
    expect((await signIn(h.browser(), "198.51.100.11", "neighbour@test.dev", PASSWORD)).status).toBe(200);
  });

  it("still refuses and counts a wrong password while challenged, and sends no code for it", async () => {
    await h.createUser({ email: "counted@test.dev" });
    await failFiveTimes("counted@test.dev", "198.51.100.21");
    const before = await mailCount();
    const other = h.browser();
    for (let i = 0; i < 5; i++) {
      expect((await signIn(other, "198.51.100.22", "counted@test.dev", WRONG)).status).toBe(401);
    }
    expect((await signIn(other, "198.51.100.22", "counted@test.dev", PASSWORD)).status).toBe(429);
    expect(await mailCount()).toBe(before);
  });

  it("refuses a wrong code, limits the tries on a code and keeps each code to one use", async () => {
    await h.createUser({ email: "codes@test.dev" });
    await failFiveTimes("codes@test.dev", "198.51.100.31");
    const ip = "198.51.100.32";
    const owner = h.browser("en");
    expect((await signIn(owner, ip, "codes@test.dev", PASSWORD)).status).toBe(403);
    const code = await codeFromMail("codes@test.dev", "sign-in code");
    const wrong = code === "000000" ? "000001" : "000000";

    const refused = await signIn(owner, ip, "codes@test.dev", PASSWORD, wrong);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      code: "LOGIN_CODE_INVALID",
      message: "This code is wrong or has expired. Use the one in the latest e-mail, or ask for a new code.",
    });
    // A code with a wrong password is a wrong password.
    expect((await signIn(owner, ip, "codes@test.dev", WRONG, code)).status).toBe(401);

    // Two requests with the right code at once: one signs in, the other finds it used.
    const both = await Promise.all([
      signIn(h.browser(), ip, "codes@test.dev", PASSWORD, code),
      signIn(h.browser(), ip, "codes@test.dev", PASSWORD, code),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 403]);

    // Challenged again later: the used code is worth nothing.
    await failFiveTimes("codes@test.dev", "198.51.100.33");
    const reused = await signIn(h.browser(), "198.51.100.34", "codes@test.dev", PASSWORD, code);
    expect(reused.status).toBe(403);
    expect(await reused.json()).toMatchObject({ code: "LOGIN_CODE_INVALID" });
  });

  it("refuses the right code after too many tries on it, from however many addresses", async () => {
    await h.createUser({ email: "tries@test.dev" });
    await failFiveTimes("tries@test.dev", "198.51.100.41");
    expect((await signIn(h.browser(), "198.51.100.42", "tries@test.dev", PASSWORD)).status).toBe(403);
    const code = await codeFromMail("tries@test.dev", "acesso");
    const wrong = code === "999999" ? "999998" : "999999";
    for (let i = 0; i < 5; i++) {
      const guess = await signIn(h.browser(), `198.51.101.${i}`, "tries@test.dev", PASSWORD, wrong);
      expect(guess.status).toBe(403);
    }
    const late = await signIn(h.browser(), "198.51.100.43", "tries@test.dev", PASSWORD, code);
    expect(late.status).toBe(403);
    expect(await late.json()).toMatchObject({ code: "LOGIN_CODE_INVALID" });
  });

  it("lets the right code in as a code's fifth try even when a sixth arrives with it", async () => {
    // Each try's own count decides: before, a try read the shared count after counting, so the
    // fifth could read the sixth's and be refused, and the sixth deleted the code under it.
    await h.createUser({ email: "last-try@test.dev" });
    await failFiveTimes("last-try@test.dev", "198.51.100.47");
    expect((await signIn(h.browser(), "198.51.107.1", "last-try@test.dev", PASSWORD)).status).toBe(403);
    const code = await codeFromMail("last-try@test.dev", "acesso");
    const wrong = code === "000000" ? "000001" : "000000";
    for (let i = 0; i < 4; i++) {
      expect(
        (await signIn(h.browser(), `198.51.107.${10 + i}`, "last-try@test.dev", PASSWORD, wrong)).status,
      ).toBe(403);
    }
    const both = await Promise.all([
      signIn(h.browser(), "198.51.107.20", "last-try@test.dev", PASSWORD, code),
      signIn(h.browser(), "198.51.107.21", "last-try@test.dev", PASSWORD, code),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 403]);
  });

  it("sends a new code at once when the last one's tries are used up", async () => {
    await h.createUser({ email: "spent@test.dev" });
    await failFiveTimes("spent@test.dev", "198.51.100.48");
    expect((await signIn(h.browser(), "198.51.108.1", "spent@test.dev", PASSWORD)).status).toBe(403);
    const spent = await codeFromMail("spent@test.dev", "acesso");
    const wrong = spent === "000000" ? "000001" : "000000";
    for (let i = 0; i < 5; i++) {
      expect(
        (await signIn(h.browser(), `198.51.108.${10 + i}`, "spent@test.dev", PASSWORD, wrong)).status,
      ).toBe(403);
    }
    const before = await mailCount();
    // Within the minute that keeps a live code, the spent one is not kept: a new one is sent.
    expect((await signIn(h.browser(), "198.51.108.2", "spent@test.dev", PASSWORD)).status).toBe(403);
    await expect.poll(mailCount).toBe(before + 1);
    const rows = await h.prisma.verification.findMany({
      where: { identifier: codeIdentifier("spent@test.dev") },
    });
    expect(rows).toHaveLength(1);
  });

  it("caps code guesses per account per hour, whatever the addresses and however many codes are sent", async () => {
    await h.createUser({ email: "many-codes@test.dev" });
    await failFiveTimes("many-codes@test.dev", "198.51.102.1");
    const ask = (i: number) => signIn(h.browser(), `198.51.103.${i}`, "many-codes@test.dev", PASSWORD);
    const guess = (i: number, code: string) =>
      signIn(h.browser(), `198.51.104.${i}`, "many-codes@test.dev", PASSWORD, code);
    // Two codes, each guessed at from fresh addresses until it is spent: ten guesses in all.
    let guesses = 0;
    for (const round of [0, 1]) {
      expect((await ask(round)).status).toBe(403);
      const code = await codeFromMail("many-codes@test.dev", "acesso");
      const wrong = code === "000000" ? "000001" : "000000";
      for (let i = 0; i < 5; i++) expect((await guess(guesses++, wrong)).status).toBe(403);
      // A new code may be asked for only a minute later: move the spent one back in time.
      await h.prisma.verification.updateMany({
        where: { identifier: codeIdentifier("many-codes@test.dev") },
        data: { createdAt: new Date(Date.now() - 61_000) },
      });
    }
    // The eleventh guess within the hour is refused, even with the right, fresh code.
    expect((await ask(2)).status).toBe(403);
    const code = await codeFromMail("many-codes@test.dev", "acesso");
    const capped = await guess(guesses, code);
    expect(capped.status).toBe(429);
    expect(Number(capped.headers.get("retry-after"))).toBeGreaterThan(60);
  });

  it("sends at most five codes an hour, and one live code however many requests arrive at once", async () => {
    await h.createUser({ email: "flood@test.dev" });
    await failFiveTimes("flood@test.dev", "198.51.105.1");
    const before = await mailCount();
    const burst = await Promise.all(
      Array.from({ length: 6 }, (_, i) => signIn(h.browser(), `198.51.106.${i}`, "flood@test.dev", PASSWORD)),
    );
    expect(burst.map((r) => r.status)).toEqual(Array(6).fill(403));
    expect(
      await h.prisma.verification.count({ where: { identifier: codeIdentifier("flood@test.dev") } }),
    ).toBe(1);
    await expect.poll(mailCount).toBe(before + 1);

    for (let sent = 1; sent < 5; sent++) {
      await h.prisma.verification.updateMany({
        where: { identifier: codeIdentifier("flood@test.dev") },
        data: { createdAt: new Date(Date.now() - 61_000) },
      });
      expect((await signIn(h.browser(), "198.51.106.9", "flood@test.dev", PASSWORD)).status).toBe(403);
    }
    await expect.poll(mailCount).toBe(before + 5);
    await h.prisma.verification.updateMany({
      where: { identifier: codeIdentifier("flood@test.dev") },
      data: { createdAt: new Date(Date.now() - 61_000) },
    });
    expect((await signIn(h.browser(), "198.51.106.10", "flood@test.dev", PASSWORD)).status).toBe(429);
    expect(await mailCount()).toBe(before + 5);
  });

  it("slows an address that sends wrong codes as it slows wrong passwords", async () => {
    await h.createUser({ email: "guesser@test.dev" });
    await failFiveTimes("guesser@test.dev", "198.51.100.44");
    const ip = "198.51.100.45";
    expect((await signIn(h.browser(), ip, "guesser@test.dev", PASSWORD)).status).toBe(403);
    const code = await codeFromMail("guesser@test.dev", "acesso");
    const wrong = code === "123456" ? "654321" : "123456";
    // Four wrong codes and a wrong password: five failures from this address.
    for (let i = 0; i < 4; i++) {
      expect((await signIn(h.browser(), ip, "guesser@test.dev", PASSWORD, wrong)).status).toBe(403);
    }
    expect((await signIn(h.browser(), ip, "guesser@test.dev", WRONG)).status).toBe(401);
    expect((await signIn(h.browser(), ip, "guesser@test.dev", PASSWORD, code)).status).toBe(429);
    // The code itself is still good from elsewhere (four tries of five used).
    expect((await signIn(h.browser(), "198.51.100.46", "guesser@test.dev", PASSWORD, code)).status).toBe(200);
  });

  it("refuses an expired code", async () => {
    await h.createUser({ email: "expired@test.dev" });
    await failFiveTimes("expired@test.dev", "198.51.100.51");
    const ip = "198.51.100.52";
    expect((await signIn(h.browser(), ip, "expired@test.dev", PASSWORD)).status).toBe(403);
    const code = await codeFromMail("expired@test.dev", "acesso");
    const rows = await h.prisma.verification.findMany({
      where: { identifier: codeIdentifier("expired@test.dev") },
    });
    const live = rows.filter((r) => r.expiresAt.getTime() > Date.now());
    expect(live).toHaveLength(1);
    // Issued for 10 minutes.
    expect(live[0]!.expiresAt.getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(live[0]!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    await h.prisma.verification.update({
      where: { id: live[0]!.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });

    const response = await signIn(h.browser(), ip, "expired@test.dev", PASSWORD, code);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: "LOGIN_CODE_INVALID" });
  });

  it("sends one code a minute, however often the right password is sent", async () => {
    await h.createUser({ email: "resend@test.dev" });
    await failFiveTimes("resend@test.dev", "198.51.100.61");
    const ip = "198.51.100.62";
    expect((await signIn(h.browser(), ip, "resend@test.dev", PASSWORD)).status).toBe(403);
    const code = await codeFromMail("resend@test.dev", "acesso");
    const before = await mailCount();
    expect((await signIn(h.browser(), ip, "resend@test.dev", PASSWORD)).status).toBe(403);
    expect(await mailCount()).toBe(before);
    expect((await signIn(h.browser(), ip, "resend@test.dev", PASSWORD, code)).status).toBe(200);
  });

  it("answers an unknown address exactly as a wrong password, and sends no mail", async () => {
    await h.createUser({ email: "known@test.dev" });
    const before = await mailCount();
    for (const email of ["known@test.dev", "unknown@test.dev"]) await failFiveTimes(email, "198.51.100.71");

    const answer = async (email: string, ip: string, password: string) => {
      const response = await signIn(h.browser("fr"), ip, email, password);
      return { status: response.status, body: await response.json() };
    };
    // Challenged, from another address: the known account's wrong password and any password
    // for the unknown address get the same 401.
    const known = await answer("known@test.dev", "198.51.100.72", WRONG);
    expect(known.status).toBe(401);
    expect(await answer("unknown@test.dev", "198.51.100.72", WRONG)).toEqual(known);
    expect(await answer("unknown@test.dev", "198.51.100.72", PASSWORD)).toEqual(known);
    // The slowed address: the same 429 for both.
    const slowed = await answer("known@test.dev", "198.51.100.71", WRONG);
    expect(slowed.status).toBe(429);
    expect(await answer("unknown@test.dev", "198.51.100.71", WRONG)).toEqual(slowed);
    expect(await mailCount()).toBe(before);
  });

  it("asks an unconfirmed account to confirm its address rather than for a code", async () => {
    await h.createUser({ email: "unconfirmed@test.dev", verified: false });
    await failFiveTimes("unconfirmed@test.dev", "198.51.100.81");
    const response = await signIn(h.browser(), "198.51.100.82", "unconfirmed@test.dev", PASSWORD);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: "EMAIL_NOT_VERIFIED" });
  });
});

describe("the failure counts", () => {
  it("end with their window: the address is no longer slowed, the account no longer challenged", async () => {
    await h.createUser({ email: "window@test.dev" });
    await failFiveTimes("window@test.dev", "198.51.100.91");
    expect((await signIn(h.browser(), "198.51.100.91", "window@test.dev", PASSWORD)).status).toBe(429);
    expect((await signIn(h.browser(), "198.51.100.92", "window@test.dev", PASSWORD)).status).toBe(403);
    await h.waitForMail("window@test.dev");

    await ageCounters("window@test.dev");
    expect((await signIn(h.browser(), "198.51.100.91", "window@test.dev", PASSWORD)).status).toBe(200);
    // A failure after the window starts a new count of one.
    expect((await signIn(h.browser(), "198.51.100.91", "window@test.dev", WRONG)).status).toBe(401);
    const rows = await h.prisma.rateLimiter.findMany({ where: { key: failureKeys("window@test.dev") } });
    // (The challenged sign-in from .92 was counted, then taken back: its row stays at 0 until its window ends.)
    expect(rows.map((r) => r.points).filter((points) => points > 0)).toEqual([1, 1]);
  });

  it("hold an address back for a whole window from the failure that reached the limit", async () => {
    await h.createUser({ email: "late@test.dev" });
    const ip = "198.51.100.111";
    for (let i = 0; i < 4; i++)
      expect((await signIn(h.browser(), ip, "late@test.dev", WRONG)).status).toBe(401);
    // The count's window all but over (it began with the first failure)…
    await h.prisma.rateLimiter.updateMany({
      where: { key: failureKeys("late@test.dev") },
      data: { expire: BigInt(Date.now() + 20_000) },
    });
    // …the fifth failure still slows the address for the next 15 minutes, not 20 seconds.
    expect((await signIn(h.browser(), ip, "late@test.dev", WRONG)).status).toBe(401);
    const slowed = await signIn(h.browser(), ip, "late@test.dev", PASSWORD);
    expect(slowed.status).toBe(429);
    expect(Number(slowed.headers.get("retry-after"))).toBeGreaterThan(14 * 60);
    expect((await signIn(h.browser(), "198.51.100.112", "late@test.dev", PASSWORD)).status).toBe(403);
  });

  it("are cleared by a successful sign-in", async () => {
    await h.createUser({ email: "reset@test.dev" });
    const browser = h.browser();
    const ip = "198.51.100.101";
    for (let i = 0; i < 4; i++) expect((await signIn(browser, ip, "reset@test.dev", WRONG)).status).toBe(401);
    expect((await signIn(browser, ip, "reset@test.dev", PASSWORD)).status).toBe(200);
    // Four more would make nine without the reset: neither slowed nor challenged.
    for (let i = 0; i < 4; i++)
      expect((await signIn(h.browser(), ip, "reset@test.dev", WRONG)).status).toBe(401);
    expect((await signIn(h.browser(), ip, "reset@test.dev", PASSWORD)).status).toBe(200);
  });

  it("let no more than the limit through from a parallel burst of wrong passwords (regression)", async () => {
    await h.createUser({ email: "burst@test.dev" });
    const ip = "198.51.100.121";
    // Twelve at once: the old check-then-count let every one of them past the check.
    const statuses = await Promise.all(
      Array.from({ length: 12 }, () =>
        signIn(h.browser(), ip, "burst@test.dev", WRONG).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    // Held: at least the five failures counted (refused attempts may count too), the address slowed.
    const rows = await h.prisma.rateLimiter.findMany({ where: { key: failureKeys("burst@test.dev") } });
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.points).toBeGreaterThanOrEqual(6);
    expect((await signIn(h.browser(), ip, "burst@test.dev", PASSWORD)).status).toBe(429);
    // The account is challenged for the owner elsewhere, never locked.
    expect((await signIn(h.browser(), "198.51.100.122", "burst@test.dev", PASSWORD)).status).toBe(403);
  });
});
