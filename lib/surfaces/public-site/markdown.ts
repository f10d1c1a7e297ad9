/**
 * The safe Markdown of a company's own legal texts: paragraphs, `#`/`##`/`###` headings,
 * `-`/`*` and `1.` lists, **bold**, *italic* and links to https:, http: and mailto: only.
 * It produces a tree of plain data (rendered by `components/public/markdown-view.tsx` as
 * React elements, never as HTML), so raw HTML in the text stays text, and a link to any other
 * scheme (`javascript:`, `data:`, a relative path) is shown as its plain label. Every scan is
 * bounded (labels, URLs, nesting, the input itself), so hostile input stays linear.
 * No server-only import: the settings form's preview may render it.
 */

export type MdInline =
  | { type: "text"; text: string }
  | { type: "strong"; children: MdInline[] }
  | { type: "em"; children: MdInline[] }
  | { type: "link"; href: string; children: MdInline[] };

export type MdBlock =
  | { type: "heading"; level: 1 | 2 | 3; children: MdInline[] }
  | { type: "paragraph"; children: MdInline[] }
  | { type: "list"; ordered: boolean; items: MdInline[][] };

/** Longer texts are cut here (the settings form refuses them anyway). */
export const MARKDOWN_MAX_CHARS = 100_000;
const MAX_NESTING = 4;
const MAX_LABEL = 500;
const MAX_URL = 2048;
const LINK_PROTOCOLS = new Set(["https:", "http:", "mailto:"]);
const ESCAPABLE = new Set(["\\", "*", "_", "[", "]", "(", ")", "#", "-", "+", "`", "!", "."]);

/** The URL as a link target when its scheme is allowed, else null. */
export function safeLinkHref(url: string): string | null {
  try {
    const parsed = new URL(url);
    return LINK_PROTOCOLS.has(parsed.protocol) ? parsed.href : null;
  } catch {
    return null;
  }
}

/** `[label](url)` starting at `start` (a "["), with balanced brackets and parentheses. */
function readLink(s: string, start: number): { label: string; url: string; end: number } | null {
  let depth = 0;
  let j = start;
  const labelLimit = Math.min(s.length, start + MAX_LABEL);
  for (; j < labelLimit; j++) {
    const c = s[j];
    if (c === "\\") j++;
    else if (c === "[") depth++;
    else if (c === "]" && --depth === 0) break;
  }
  if (j >= labelLimit || s[j] !== "]" || s[j + 1] !== "(") return null;
  let k = j + 2;
  let parens = 1;
  const urlLimit = Math.min(s.length, k + MAX_URL);
  for (; k < urlLimit; k++) {
    const c = s[k]!;
    if (c === "(") parens++;
    else if (c === ")" && --parens === 0) break;
    else if (/\s/.test(c)) return null;
  }
  if (k >= urlLimit || parens !== 0) return null;
  return { label: s.slice(start + 1, j), url: s.slice(j + 2, k), end: k + 1 };
}

export function parseInline(s: string, depth = 0, links = true): MdInline[] {
  const out: MdInline[] = [];
  let text = "";
  const push = (node: MdInline) => {
    if (text) out.push({ type: "text", text });
    text = "";
    out.push(node);
  };
  // Once a delimiter has no closer after some point, it has none after any later point.
  const unclosed = new Set<string>();
  const closerOf = (delim: string, from: number) => {
    if (unclosed.has(delim)) return -1;
    const at = s.indexOf(delim, from);
    if (at < 0) unclosed.add(delim);
    return at;
  };
  let i = 0;
  while (i < s.length) {
    const c = s[i]!;
    if (c === "\\" && i + 1 < s.length && ESCAPABLE.has(s[i + 1]!)) {
      text += s[i + 1];
      i += 2;
      continue;
    }
    if (c === "*" && depth < MAX_NESTING) {
      const delim = s[i + 1] === "*" ? "**" : "*";
      const from = i + delim.length;
      const end = closerOf(delim, from);
      if (end > from && !/\s/.test(s[from]!) && !/\s/.test(s[end - 1]!)) {
        const children = parseInline(s.slice(from, end), depth + 1, links);
        push({ type: delim === "**" ? "strong" : "em", children });
        i = end + delim.length;
        continue;
      }
      text += delim;
      i = from;
      continue;
    }
    if (c === "[" && links && depth < MAX_NESTING) {
      const link = readLink(s, i);
      if (link) {
        // No link inside a link; a refused scheme leaves the label as plain text.
        const children = parseInline(link.label, depth + 1, false);
        const href = safeLinkHref(link.url);
        if (href) push({ type: "link", href, children });
        else for (const child of children) push(child);
        i = link.end;
        continue;
      }
    }
    text += c;
    i++;
  }
  if (text) out.push({ type: "text", text });
  return out;
}

const HEADING = /^(#{1,3})[ \t]+(\S.*)$/;
const BULLET = /^[ \t]{0,3}[-*+][ \t]+(\S.*)$/;
const NUMBERED = /^[ \t]{0,3}\d{1,9}[.)][ \t]+(\S.*)$/;

export function parseMarkdown(source: string): MdBlock[] {
  const lines = source.slice(0, MARKDOWN_MAX_CHARS).replace(/\r\n?/g, "\n").split("\n");
  const blocks: MdBlock[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;
  const flush = () => {
    if (paragraph.length > 0) {
      blocks.push({ type: "paragraph", children: parseInline(paragraph.join(" ")) });
      paragraph = [];
    }
    if (list) {
      blocks.push({
        type: "list",
        ordered: list.ordered,
        items: list.items.map((item) => parseInline(item)),
      });
      list = null;
    }
  };
  for (const raw of lines) {
    const line = raw.trim() ? raw : "";
    if (!line) {
      flush();
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      flush();
      const level = heading[1]!.length as 1 | 2 | 3;
      blocks.push({ type: "heading", level, children: parseInline(heading[2]!.trim()) });
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    const item = bullet ?? numbered;
    if (item) {
      const ordered = Boolean(numbered);
      if (paragraph.length > 0 || (list && list.ordered !== ordered)) flush();
      list ??= { ordered, items: [] };
      list.items.push(item[1]!.trim());
      continue;
    }
    if (list) {
      // A line that is not an item continues the last item (a wrapped line).
      list.items[list.items.length - 1] += ` ${line.trim()}`;
      continue;
    }
    paragraph.push(line.trim());
  }
  flush();
  return blocks;
}
