import { describe, expect, it } from "vitest";
import { approvedSet, reviewerLinkExpiry, selectionProblem } from "@/lib/features/review/rules";
import { inviteReviewersSchema } from "@/lib/features/review/schemas";
import { reviewMarkSvg } from "@/lib/features/review/preview";

describe("the approved set (issue #36)", () => {
  it("is what someone approved and nobody rejected, in the gallery's order", () => {
    const set = approvedSet(
      ["a", "b", "c", "d"],
      [
        { mediaId: "c", decision: "approved" },
        { mediaId: "a", decision: "approved" },
        { mediaId: "b", decision: "approved" },
        { mediaId: "b", decision: "rejected" },
        { mediaId: "d", decision: null },
        { mediaId: "x", decision: "approved" },
      ],
    );
    expect([...set]).toEqual(["a", "c"]);
  });
});

describe("a reviewer's bounds", () => {
  it("names the first bound missed", () => {
    expect(selectionProblem(1, { minApprovals: 2, maxApprovals: 4 })).toEqual({ key: "tooFew", count: 2 });
    expect(selectionProblem(5, { minApprovals: 2, maxApprovals: 4 })).toEqual({ key: "tooMany", count: 4 });
    expect(selectionProblem(3, { minApprovals: 2, maxApprovals: 4 })).toBeNull();
    expect(selectionProblem(0, { minApprovals: null, maxApprovals: null })).toBeNull();
  });

  it("a link lasts its own life, or until a later deadline", () => {
    const now = new Date("2026-12-01T00:00:00Z");
    const day = 24 * 3600 * 1000;
    expect(reviewerLinkExpiry(now, 14 * day, null).toISOString()).toBe("2026-12-15T00:00:00.000Z");
    expect(reviewerLinkExpiry(now, 14 * day, new Date("2027-01-01T00:00:00Z")).toISOString()).toBe(
      "2027-01-01T00:00:00.000Z",
    );
  });
});

describe("the invitation form", () => {
  it("takes addresses by line or comma, once each, and refuses bad ones", () => {
    const parsed = inviteReviewersSchema.parse({ emails: "A@x.test\nb@x.test, a@x.test" });
    expect(parsed.emails).toEqual(["a@x.test", "b@x.test"]);
    expect(inviteReviewersSchema.safeParse({ emails: "a@x.test, nope" }).success).toBe(false);
    expect(inviteReviewersSchema.safeParse({ emails: "" }).success).toBe(false);
    const many = Array.from({ length: 21 }, (_, i) => `r${i}@x.test`).join(",");
    expect(inviteReviewersSchema.safeParse({ emails: many }).success).toBe(false);
    expect(inviteReviewersSchema.safeParse({ emails: "a@x.test", minApprovals: "0" }).success).toBe(false);
    expect(inviteReviewersSchema.parse({ emails: "a@x.test", minApprovals: "", deadline: "" })).toMatchObject(
      {
        minApprovals: null,
        deadline: null,
      },
    );
  });
});

describe("the reviewer's mark", () => {
  it("escapes the company's name and the address (an SVG is markup)", () => {
    const svg = reviewMarkSvg(800, 600, `<script>&"' · a@b.test`);
    expect(svg).not.toContain("<script>");
    expect(svg).toContain("&lt;script&gt;&amp;&quot;&#39;");
  });
});

describe("the reviewer's mark, with characters XML does not allow", () => {
  it("drops them, so a control in a company name does not break every preview", async () => {
    const sharp = (await import("sharp")).default;
    const svg = reviewMarkSvg(200, 100, "Band\u0001\uFFFE\uD800 · a@b.test");
    expect(svg).not.toMatch(/[\u0001\uFFFE\uD800]/);
    const out = await sharp({ create: { width: 200, height: 100, channels: 3, background: "#000" } })
      .composite([{ input: Buffer.from(svg) }])
      .png()
      .toBuffer();
    expect(out.length).toBeGreaterThan(0);
  });
});
