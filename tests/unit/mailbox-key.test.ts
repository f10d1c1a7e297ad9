import { describe, expect, it } from "vitest";
import { accountLimitKey, mailboxLimitKey, normalisedMailbox } from "@/lib/core/rate-limit/mailbox-key";
import { createHash } from "node:crypto";

/** Attacker review of issue #36, finding 5b: limits per address count a mailbox, keyed. */
describe("the mailbox of an address, for limits", () => {
  it("ignores case, spaces and a +tag everywhere; dots only at Gmail", () => {
    expect(normalisedMailbox("  Fan.One+Promo@Example.TEST ")).toBe("fan.one@example.test");
    expect(normalisedMailbox("f.a.n+x@gmail.com")).toBe("fan@gmail.com");
    expect(normalisedMailbox("F.an@GoogleMail.com")).toBe("fan@gmail.com");
    expect(normalisedMailbox("fan.one@outlook.com")).toBe("fan.one@outlook.com");
    // A local part that is only a tag or only dots stays as it is (never an empty mailbox).
    expect(normalisedMailbox("+x@example.test")).toBe("+x@example.test");
    expect(normalisedMailbox("...@gmail.com")).toBe("...@gmail.com");
  });

  it("keys the variants of one mailbox alike, and not as a plain hash of the address", () => {
    expect(mailboxLimitKey("v.ic.tim+1@gmail.com")).toBe(mailboxLimitKey("victim@googlemail.com"));
    expect(mailboxLimitKey("a@example.test")).not.toBe(mailboxLimitKey("b@example.test"));
    const plain = createHash("sha256").update("victim@gmail.com").digest("hex");
    expect(plain.startsWith(mailboxLimitKey("victim@gmail.com"))).toBe(false);
  });

  it("keys an account by its address as typed but for case and spaces, apart from mailbox keys", () => {
    expect(accountLimitKey(" Owner@Test.dev ")).toBe(accountLimitKey("owner@test.dev"));
    // Two accounts at Gmail stay two counts (their sign-in limits and codes are their own).
    expect(accountLimitKey("a.b@gmail.com")).not.toBe(accountLimitKey("ab@gmail.com"));
    expect(accountLimitKey("owner@test.dev")).not.toBe(mailboxLimitKey("owner@test.dev"));
    const plain = createHash("sha256").update("owner@test.dev").digest("hex");
    expect(plain.startsWith(accountLimitKey("owner@test.dev"))).toBe(false);
  });
});
