import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { cpuMs } from "../support/cpu-time";
import { MarkdownView } from "@/components/public/markdown-view";
import {
  MARKDOWN_MAX_CHARS,
  parseInline,
  parseMarkdown,
  safeLinkHref,
} from "@/lib/surfaces/public-site/markdown";

const html = (source: string) => renderToStaticMarkup(createElement(MarkdownView, { source }));

describe("safe Markdown of the company's legal texts", () => {
  it("parses paragraphs, headings and both kinds of list", () => {
    const blocks = parseMarkdown(
      "# Terms\n\nFirst line\nsame paragraph.\n\n## Data\n- one\n* two\n\n1. first\n2. second\n### Small\n#### not a heading",
    );
    expect(blocks.map((b) => b.type)).toEqual([
      "heading",
      "paragraph",
      "heading",
      "list",
      "list",
      "heading",
      "paragraph",
    ]);
    expect(blocks[0]).toEqual({ type: "heading", level: 1, children: [{ type: "text", text: "Terms" }] });
    expect(blocks[1]).toEqual({
      type: "paragraph",
      children: [{ type: "text", text: "First line same paragraph." }],
    });
    expect(blocks[3]).toMatchObject({
      type: "list",
      ordered: false,
      items: [[{ text: "one" }], [{ text: "two" }]],
    });
    expect(blocks[4]).toMatchObject({
      type: "list",
      ordered: true,
      items: [[{ text: "first" }], [{ text: "second" }]],
    });
    expect(blocks[6]).toEqual({
      type: "paragraph",
      children: [{ type: "text", text: "#### not a heading" }],
    });
  });

  it("renders bold, italic and allowed links as elements", () => {
    const out = html(
      "**Bold** and *it* with [site](https://example.com/a?b=1) and [mail](mailto:dpo@example.com)",
    );
    expect(out).toContain("<strong>Bold</strong>");
    expect(out).toContain("<em>it</em>");
    expect(out).toMatch(
      /<a href="https:\/\/example.com\/a\?b=1" rel="noopener noreferrer nofollow"[^>]*>site<\/a>/,
    );
    expect(out).toMatch(/<a href="mailto:dpo@example.com"[^>]*>mail<\/a>/);
    // The page's h1 is its title: the text's headings start at h2.
    expect(html("# A\n## B\n### C")).toMatch(/<h2[^>]*>A<\/h2><h3[^>]*>B<\/h3><h4[^>]*>C<\/h4>/);
    expect(html("- a\n- b")).toMatch(/<ul[^>]*><li>a<\/li><li>b<\/li><\/ul>/);
    expect(html("1. a\n2. b")).toMatch(/<ol[^>]*><li>a<\/li><li>b<\/li><\/ol>/);
  });

  it("shows raw HTML as text", () => {
    const out = html(
      '<script>alert(1)</script>\n\n<img src=x onerror="alert(1)"> <a href="javascript:alert(1)">x</a>',
    );
    expect(out).not.toMatch(/<script|<img|<a /i);
    expect(out).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(out).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
  });

  it("refuses every scheme but https, http and mailto (the label stays, as text)", () => {
    for (const url of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:msgbox(1)",
      "/relative",
      "//evil.example",
      "file:///etc/passwd",
      "java\tscript:alert(1)",
    ]) {
      expect(safeLinkHref(url)).toBeNull();
      const out = html(`[x](${url})`);
      expect(out).not.toContain("<a");
      expect(out).not.toMatch(/href/i);
    }
    expect(parseInline("[x](javascript:alert(1))")).toEqual([{ type: "text", text: "x" }]);
    expect(html("[x](javascript:alert(1))")).toBe(
      '<div class="mt-4"><p class="mt-4 leading-relaxed text-zinc-700 dark:text-zinc-300">x</p></div>',
    );
  });

  it("handles nested brackets without nesting links", () => {
    expect(parseInline("[a [b] c](https://ok.example)")).toEqual([
      { type: "link", href: "https://ok.example/", children: [{ type: "text", text: "a [b] c" }] },
    ]);
    // A link inside a link's label is its source text, not a second anchor.
    const nested = parseInline("[[in](https://in.example)](https://out.example)");
    expect(nested).toEqual([
      {
        type: "link",
        href: "https://out.example/",
        children: [{ type: "text", text: "[in](https://in.example)" }],
      },
    ]);
    expect(html("[[x](javascript:alert(1))](https://out.example)").match(/<a /g)).toHaveLength(1);
    expect(html("[[x](https://in.example)](javascript:alert(1))")).not.toContain("<a");
    expect(parseInline("[unclosed [label](https://x.example)")).toEqual([
      { type: "text", text: "[unclosed " },
      { type: "link", href: "https://x.example/", children: [{ type: "text", text: "label" }] },
    ]);
  });

  it("keeps unmatched markers and escaped characters as text", () => {
    expect(parseInline("2 * 3 * 4 and **open")).toEqual([{ type: "text", text: "2 * 3 * 4 and **open" }]);
    expect(parseInline("\\*not italic\\*")).toEqual([{ type: "text", text: "*not italic*" }]);
  });

  // The bound is each input's CPU time (cpuMs); the wall clock of all eight on a busy CI machine is
  // left to this generous timeout.
  it("stays fast and bounded on very long or pathological input", { timeout: 60_000 }, () => {
    const inputs = [
      "[".repeat(200_000),
      "*".repeat(200_000),
      "**a ".repeat(50_000),
      "[a](".repeat(50_000),
      `# ${"a ".repeat(100_000)}`,
      `- ${"[x](https://e.example) ".repeat(20_000)}`,
      "*".repeat(10) + "a" + "*".repeat(10),
      "x\n".repeat(200_000),
    ];
    for (const input of inputs) {
      const { ms, result: out } = cpuMs(() => html(input));
      expect(ms).toBeLessThan(3_000);
      expect(out.length).toBeLessThan(MARKDOWN_MAX_CHARS * 12);
    }
    // Only the first MARKDOWN_MAX_CHARS characters are read.
    const long = parseMarkdown("a".repeat(MARKDOWN_MAX_CHARS + 50));
    expect(long).toEqual([
      { type: "paragraph", children: [{ type: "text", text: "a".repeat(MARKDOWN_MAX_CHARS) }] },
    ]);
  });

  it("limits emphasis nesting", () => {
    const deep = parseInline("*".repeat(40) + "x" + "*".repeat(40));
    let depth = 0;
    let nodes = deep;
    while (nodes[0] && nodes[0].type !== "text" && "children" in nodes[0]) {
      depth++;
      nodes = nodes[0].children;
    }
    expect(depth).toBeLessThanOrEqual(4);
  });
});
