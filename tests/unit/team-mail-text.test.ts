import { describe, expect, it } from "vitest";
import { MAIL_NAME_MAX, mailSafeName } from "@/lib/features/team/mail-text";

// The names a member typed, as the invitation e-mail carries them to an address the member chose
// (issue #34 row 6): no links, no control characters, not longer than MAIL_NAME_MAX.

describe("mailSafeName", () => {
  it("keeps ordinary names as they are", () => {
    for (const name of ["Ana Admin", "Festival de Verão", "Band: Live", "J.R.R. Tolkien", "Rock & Roll Lda."])
      expect(mailSafeName(name)).toBe(name);
  });

  it("drops addresses with a scheme or www, and breaks bare domains so no client links them", () => {
    expect(mailSafeName("Claim at https://evil.example/win?x=1 now")).toBe("Claim at now");
    expect(mailSafeName("HTTP://EVIL.EXAMPLE")).toBe("");
    expect(mailSafeName("go www.evil.example today")).toBe("go today");
    expect(mailSafeName("mailto:boss@evil.example")).toBe("");
    expect(mailSafeName("javascript:alert(1)")).toBe("");
    expect(mailSafeName("evil.example/path")).toBe("evil example/path");
    expect(mailSafeName("Rock.fm")).toBe("Rock fm");
    // Full-width and ideographic dots are folded or broken the same way.
    expect(mailSafeName("ｅｖｉｌ．ｃｏｍ")).toBe("evil com");
    expect(mailSafeName("evil。example")).toBe("evil example");
  });

  it("removes line breaks, other controls, bidi overrides and zero-width characters", () => {
    expect(mailSafeName("Ana\r\nBcc: x@y.z")).toBe("Ana Bcc: x@y.z");
    expect(mailSafeName("Ana\u0000\u0007Admin")).toBe("Ana Admin");
    expect(mailSafeName("Ana\u202eelpmaxe.live")).not.toMatch(/[\u202e]/);
    expect(mailSafeName("e\u200bvil.example")).toBe("e vil example");
  });

  it("cuts a long name to MAIL_NAME_MAX characters, ending with an ellipsis", () => {
    const cut = mailSafeName("x".repeat(500));
    expect(Array.from(cut)).toHaveLength(MAIL_NAME_MAX);
    expect(cut.endsWith("…")).toBe(true);
    // By characters, not UTF-16 units: an emoji is never split in half.
    const emoji = mailSafeName("🎉".repeat(100));
    expect(Array.from(emoji)).toHaveLength(MAIL_NAME_MAX);
    expect(emoji).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
  });
});
