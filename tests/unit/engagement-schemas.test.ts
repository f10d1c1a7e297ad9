import { describe, expect, it } from "vitest";
import { commentSchema, leadSchema, sanitizeFully } from "@/lib/engagement/schemas";
import { readVisitor, visitorCookie } from "@/lib/engagement/visitor";

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

  it("keeps a valid id and replaces anything else", () => {
    const id = "0b7d3c1e-5f4a-4c2b-9d8e-1a2b3c4d5e6f";
    expect(readVisitor(withCookie(`a=1; ag_vid=${id}; b=2`))).toEqual({ id, isNew: false });
    expect(readVisitor(withCookie("ag_vid=../../etc")).isNew).toBe(true);
    expect(readVisitor(withCookie("other_ag_vid=" + id)).isNew).toBe(true);
  });

  it("is HttpOnly, Lax, one year, and Secure only on https", () => {
    expect(visitorCookie("x", false)).toBe("ag_vid=x; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax");
    expect(visitorCookie("x", true)).toMatch(/; Secure$/);
  });
});
