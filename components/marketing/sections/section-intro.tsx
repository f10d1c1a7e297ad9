import type { ReactNode } from "react";

/** Class names the home's sections share. */
export const sectionTitle = "text-3xl font-bold tracking-tight sm:text-4xl";
export const muted = "text-zinc-600 dark:text-zinc-400";

const bodyTones = {
  /** On the page's light or dark background. */
  muted,
  /** On the dark band (`bg-ink-900`). */
  onDark: "text-zinc-300",
  /** On the brand gradient. */
  onBrand: "text-white/90",
} as const;

/** A section's centred heading (`id`: the `aria-labelledby` target) and lead paragraph. */
export function SectionIntro({
  id,
  title,
  body,
  tone = "muted",
  narrow = false,
  children,
}: {
  id: string;
  title: string;
  body: string;
  tone?: keyof typeof bodyTones;
  /** max-w-2xl instead of max-w-3xl (the sign-up sections). */
  narrow?: boolean;
  /** Shown under the paragraph, inside the centred column (a form). */
  children?: ReactNode;
}) {
  return (
    <div className={`mx-auto ${narrow ? "max-w-2xl" : "max-w-3xl"} text-center`}>
      <h2 id={id} className={sectionTitle}>
        {title}
      </h2>
      <p className={`mt-4 text-lg ${bodyTones[tone]}`}>{body}</p>
      {children}
    </div>
  );
}
