import { describe, expect, it } from "vitest";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { commentSchema, leadSchema } from "@/lib/features/engagement/schemas";
import { readVisitor, signedVisitorId } from "@/lib/platform/visitors/visitor";

describe("what fans type is plain text, stored as typed (issue #12)", () => {
  const attacks = [
    "<script>alert(1)</script>hi",
    "<scr<script></script>ipt>alert(1)</script>x",
    '<img src=x onerror="alert(1)">',
    "javascript:alert(1)",
    "plain & simple <3",
  ];

  it.each(attacks)("keeps %s verbatim, and React shows it as text", (text) => {
    expect(commentSchema.parse({ rating: 3, text, name: text })).toMatchObject({ text, name: text });
    const html = renderToStaticMarkup(createElement("p", null, text));
    expect(html).not.toMatch(/<(script|img)\b/);
    const escaped = text
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;");
    expect(html).toBe(`<p>${escaped}</p>`);
  });

  it("refuses control and bidi-override characters with a field error, and line breaks in names", () => {
    for (const text of [
      "a\u0000b",
      "bell\u0007",
      "\u202eevil",
      "iso\u2066late",
      "esc\u001b[2J",
      "c1\u0085",
      "\ud800x",
    ]) {
      const result = commentSchema.safeParse({ rating: 3, text });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]).toMatchObject({
        path: ["text"],
        message: "validation.invalidCharacters",
      });
    }
    // A comment may have lines and tabs; a name may not have lines.
    expect(commentSchema.parse({ rating: 3, text: "line 1\nline 2\tend" }).text).toBe("line 1\nline 2\tend");
    expect(commentSchema.safeParse({ rating: 3, text: "x", name: "Ana\nBot" }).success).toBe(false);
    expect(leadSchema.safeParse({ name: "Ana\u202e", email: "a@example.com", consent: true }).success).toBe(
      false,
    );
  });

  it("counts the length of what was typed, markup included", () => {
    expect(commentSchema.safeParse({ rating: 3, text: "x".repeat(1000) }).success).toBe(true);
    const markup = commentSchema.safeParse({ rating: 3, text: `<b>${"x".repeat(995)}</b>` });
    expect(markup.error?.issues[0]?.message).toBe("engagement.errors.commentTooLong");
    const name = commentSchema.safeParse({ rating: 3, text: "x", name: "n".repeat(101) });
    expect(name.error?.issues[0]?.message).toBe("engagement.errors.nameTooLong");
    // Composed and decomposed accents are one text.
    expect(commentSchema.parse({ rating: 3, text: "Jose\u0301" }).text).toBe("José");
  });
});

describe("comment and lead schemas", () => {
  it("trims and turns an empty name into null", () => {
    expect(commentSchema.parse({ rating: 3, text: "  ok  ", name: "  " })).toEqual({
      rating: 3,
      text: "ok",
      name: null,
    });
    expect(commentSchema.parse({ rating: 3, text: "ok", name: " <b onclick=x>Ana</b> " }).name).toBe(
      "<b onclick=x>Ana</b>",
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
    expect(readVisitor(withCookie(`a=1; ag_vid=${signed}; b=2`))).toEqual({ id, isNew: false, source: null });
    expect(readVisitor(withCookie(`ag_vid=${signed}; ag_src=ch:whatsapp`)).source).toBe("ch:whatsapp");
    expect(readVisitor(withCookie(`ag_vid=${signed}; ag_src=ch:<script>`)).source).toBeNull();
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
});
