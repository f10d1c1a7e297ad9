import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD, startAuthHarness, type AuthHarness } from "./support/auth-harness";
import { rowsNamingAddress } from "./support/limiter-store";

/**
 * Issue #34, low review finding: Better Auth limits sign-up, "send the link again" and "forgot
 * password" per client address only, so a sender with many addresses could have the operator's
 * mail server send any number of confirmation or reset mails to one stranger. Then (review M4)
 * a limit per recipient alone let one stranger use up the victim's own reset mails. Now at most
 * 3 an hour per recipient and client address, and 20 a day per recipient; the answers stay the
 * same whether the address has an account and whether a limit is reached.
 * Through the real /api/auth handler.
 */
let h: AuthHarness;
beforeAll(async () => {
  h = await startAuthHarness();
});
afterAll(async () => {
  await h?.close();
});

let addresses = 0;
const fromNewAddress = () => ({ "x-forwarded-for": `203.0.114.${++addresses}` });

/** The mails written to the outbox for `to` (the sends are not awaited by the answers). */
async function mailsTo(to: string): Promise<string[]> {
  const dir = path.join(h.dataDir, "mail");
  const subjects: string[] = [];
  for (const file of (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith(".eml"))) {
    const parsed = await simpleParser(await readFile(path.join(dir, file)));
    const address = Array.isArray(parsed.to) ? parsed.to[0]?.text : parsed.to?.text;
    if (address === to) subjects.push(parsed.subject ?? "");
  }
  return subjects;
}

/** Waits until `to` has `count` mails, then a moment more to see that no further one arrives. */
async function settledMailsTo(to: string, count: number): Promise<string[]> {
  for (let waited = 0; waited < 10_000 && (await mailsTo(to)).length < count; waited += 100) await sleep(100);
  await sleep(500);
  return mailsTo(to);
}

async function answer(pathname: string, body: Record<string, unknown>, from = fromNewAddress()) {
  const response = await h.browser("en").fetch(pathname, { body, headers: from });
  return { status: response.status, body: await response.json() };
}

describe("account mails to one address", () => {
  it("sends a stranger at most three reset mails an hour, and still the victim's own, answering as for an unknown address", async () => {
    await h.createUser({ email: "inbox@test.dev" });
    const stranger = fromNewAddress();
    const unknown = await answer("/request-password-reset", { email: "nobody-here@test.dev" }, stranger);
    expect(unknown.status).toBe(200);
    // Better Auth itself lets one address ask 5 times per 15 minutes; the fifth is for "unknown" below.
    for (let i = 0; i < 3; i++) {
      expect(await answer("/request-password-reset", { email: "inbox@test.dev" }, stranger)).toEqual(unknown);
    }
    expect(await answer("/request-password-reset", { email: "INBOX@test.dev" }, stranger)).toEqual(unknown);
    expect(await settledMailsTo("inbox@test.dev", 3)).toHaveLength(3);
    // The victim, from their own connection, still gets theirs.
    expect(await answer("/request-password-reset", { email: "inbox@test.dev" })).toEqual(unknown);
    expect(await settledMailsTo("inbox@test.dev", 4)).toHaveLength(4);
  });

  it("sends at most twenty confirmation mails a day, however many addresses ask, whatever the case", async () => {
    const signUp = await answer("/sign-up/email", {
      name: "Vera",
      email: "vera@test.dev",
      password: PASSWORD,
    });
    expect(signUp.status).toBe(200);
    const again = await answer("/send-verification-email", { email: "vera@test.dev" });
    expect(again.status).toBe(200);
    for (let i = 0; i < 22; i++) {
      const email = i % 2 ? "Vera@Test.dev" : "vera@test.dev";
      expect(await answer("/send-verification-email", { email })).toEqual(again);
    }
    expect(await settledMailsTo("vera@test.dev", 20)).toHaveLength(20);
    // Counted under a keyed digest: the limiter's store names no one (attacker review, issue #36).
    expect(await rowsNamingAddress(h.prisma, "Vera@Test.dev")).toBe(0);
  });

  it("counts both kinds together per client, and leaves other addresses alone", async () => {
    await h.createUser({ email: "mixed@test.dev", verified: false });
    await h.createUser({ email: "neighbour-inbox@test.dev" });
    const one = fromNewAddress();
    for (let i = 0; i < 2; i++) await answer("/send-verification-email", { email: "mixed@test.dev" }, one);
    for (let i = 0; i < 2; i++) await answer("/request-password-reset", { email: "mixed@test.dev" }, one);
    expect(await settledMailsTo("mixed@test.dev", 3)).toHaveLength(3);
    await answer("/request-password-reset", { email: "neighbour-inbox@test.dev" }, one);
    expect(await settledMailsTo("neighbour-inbox@test.dev", 1)).toHaveLength(1);
  });
});
