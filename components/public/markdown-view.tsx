import type { ReactNode } from "react";
import { brandText } from "@/components/ui/tenant-styles";
import { parseMarkdown, type MdBlock, type MdInline } from "@/lib/surfaces/public-site/markdown";
import { cn } from "@/lib/core/merge-classes";

function inline(nodes: MdInline[]): ReactNode[] {
  return nodes.map((node, i) => {
    switch (node.type) {
      case "text":
        return node.text;
      case "strong":
        return <strong key={i}>{inline(node.children)}</strong>;
      case "em":
        return <em key={i}>{inline(node.children)}</em>;
      case "link":
        return (
          <a
            key={i}
            href={node.href}
            rel="noopener noreferrer nofollow"
            className={cn("underline underline-offset-2", brandText)}
          >
            {inline(node.children)}
          </a>
        );
    }
  });
}

// The page's title is its h1: the text's own headings start one level below.
const headingTag = { 1: "h2", 2: "h3", 3: "h4" } as const;
const headingClass = {
  1: "mt-10 text-2xl font-semibold",
  2: "mt-8 text-xl font-semibold",
  3: "mt-6 text-lg font-semibold",
};

function block(node: MdBlock, i: number): ReactNode {
  switch (node.type) {
    case "heading": {
      const Tag = headingTag[node.level];
      return (
        <Tag key={i} className={headingClass[node.level]}>
          {inline(node.children)}
        </Tag>
      );
    }
    case "paragraph":
      return (
        <p key={i} className="mt-4 leading-relaxed text-zinc-700 dark:text-zinc-300">
          {inline(node.children)}
        </p>
      );
    case "list": {
      const Tag = node.ordered ? "ol" : "ul";
      return (
        <Tag
          key={i}
          className={cn(
            "mt-4 flex flex-col gap-2 pl-6 leading-relaxed text-zinc-700 dark:text-zinc-300",
            node.ordered ? "list-decimal" : "list-disc",
          )}
        >
          {node.items.map((item, j) => (
            <li key={j}>{inline(item)}</li>
          ))}
        </Tag>
      );
    }
  }
}

/** A company's own text in safe Markdown (`lib/surfaces/public-site/markdown.ts`), as React elements only. */
export function MarkdownView({ source, className }: { source: string; className?: string }) {
  return <div className={cn("mt-4", className)}>{parseMarkdown(source).map(block)}</div>;
}
