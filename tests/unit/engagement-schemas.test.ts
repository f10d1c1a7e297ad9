import { describe, expect, it } from "vitest";
import { commentSchema, leadSchema, sanitizeFully } from "@/lib/engagement/schemas";
import { readVisitor, signedVisitorId, visitorCookie } from "@/lib/engagement/visitor";

describe("sanitizeFully", () => {
  it.each([
    ["<script>alert(1)</script>hi", "hi"],
    ["<scr<script></script>ipt>alert(1)</script>x", "alert(1)x"],
    ['<img src=x onerror="alert(1)">', "<img src=x>"],
    ["javajavascript:script:alert(1)", "alert(1)"],
    ["plain & simple <3", "plain & simple <3"],
  ])("%s → %s", (input, output) => {
    expect(sanitizeFully(input)).toBe(output);
  });
});

describe("comment and lead schemas", () => {
  it("trims, sanitises and turns an empty name into null", () => {
    expect(commentSchema.parse({ rating: 3, text: "  ok  ", name: "  " })).toEqual({
      rating: 3,
      text: "ok",
      name: null,
    });
    expect(commentSchema.parse({ rating: 3, text: "ok", name: " <b onclick=x>Ana</b> " }).name).toBe(
      "<b>Ana</b>",
    );
  });

  it("stores the lead's e-mail trimmed and lower-cased, and leaves blank optional fields out", () => {
    expect(
      leadSchema.parse({ name: " Ana ", email: " Ana@Example.COM ", phone: " ", consent: true }),
    ).toEqual({
      name: "Ana",
      email: "ana@example.com",
      consent: true,
    });
  });
});

describe("visitor cookie", () => {
  const withCookie = (cookie: string) => new Request("http://app.test/", { headers: { cookie } });

  const id = "0b7d3c1e-5f4a-4c2b-9d8e-1a2b3c4d5e6f";

  it("keeps an id the server signed and replaces anything else", () => {
    const signed = signedVisitorId(id);
    expect(readVisitor(withCookie(`a=1; ag_vid=${signed}; b=2`))).toEqual({ id, isNew: false });
    expect(readVisitor(withCookie("ag_vid=../../etc")).isNew).toBe(true);
    expect(readVisitor(withCookie("other_ag_vid=" + signed)).isNew).toBe(true);
  });

  it("never takes an id the client chose (issue #12: a dropped or forged cookie is a new fan)", () => {
    // A bare UUID (the cookie format before signing) or another fan's id with a made-up MAC.
    for (const value of [id, `${id}.`, `${id}.AAAAAAAAAAAAAAAAAAAAAA`, `${id}.${"x".repeat(200)}`]) {
      const visitor = readVisitor(withCookie(`ag_vid=${value}`));
      expect(visitor.isNew).toBe(true);
      expect(visitor.id).not.toBe(id);
    }
    // A MAC is bound to its id.
    const other = "1c8e4d2f-6a5b-4d3c-8e9f-2b3c4d5e6f70";
    const mac = signedVisitorId(other).split(".")[1];
    expect(readVisitor(withCookie(`ag_vid=${id}.${mac}`)).isNew).toBe(true);
  });

  it("is signed, HttpOnly, Lax, one year, and Secure only on https", () => {
    expect(visitorCookie(id, false)).toBe(
      `ag_vid=${signedVisitorId(id)}; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax`,
    );
    expect(visitorCookie(id, true)).toMatch(/; Secure$/);
  });
});
