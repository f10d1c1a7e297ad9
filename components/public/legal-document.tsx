import type { ReactNode } from "react";
import type { LegalSection } from "@/lib/surfaces/public-site/legal-types";

/** A legal page: title, optional lead paragraph, titled sections; plain text only. */
export function LegalDocument({
  title,
  lead,
  sections,
  children,
}: {
  title: string;
  lead?: string;
  sections: LegalSection[];
  children?: ReactNode;
}) {
  return (
    <article className="mx-auto max-w-3xl px-6 py-12 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      {lead && <p className="mt-4 text-lg text-zinc-600 dark:text-zinc-400">{lead}</p>}
      {sections.map((section) => (
        <section key={section.title} className="mt-10">
          <h2 className="text-xl font-semibold">{section.title}</h2>
          {section.body.split(/\n{2,}/).map((paragraph, i) => (
            <p key={i} className="mt-3 leading-relaxed whitespace-pre-line text-zinc-700 dark:text-zinc-300">
              {paragraph}
            </p>
          ))}
        </section>
      ))}
      {children}
    </article>
  );
}
