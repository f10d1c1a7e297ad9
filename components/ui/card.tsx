import { Slot } from "radix-ui";
import type { ComponentProps, ReactNode } from "react";
import { cx } from "@/lib/core/join-classes";

const tones = {
  /** The signed-in screens' panel: white on the page's grey, a hairline ring. */
  panel: "bg-white shadow-sm ring-1 ring-zinc-200 dark:bg-ink-800 dark:ring-zinc-800",
  /**
   * The panel picked among its siblings (the current plan): a 2 px brand ring. In dark mode the
   * ring keeps the panel's zinc, as it always has (the classes were a merge of the two).
   */
  selected: "bg-white shadow-sm ring-2 ring-brand-600 dark:bg-ink-800 dark:ring-zinc-800",
  /** The home page's tile on its grey band: raised by its shadow, no ring. */
  raised: "bg-white shadow-sm dark:bg-ink-900",
  /** The home page's tile on its dark band: a translucent surface. */
  translucent: "bg-white/5 ring-1 ring-white/10",
} as const;

const paddings = {
  sm: "p-4",
  md: "p-5",
  lg: "p-6",
  /** The sign-in card: more room from the small breakpoint up. */
  xl: "p-6 sm:p-8",
} as const;

export type CardProps = ComponentProps<"div"> & {
  tone?: keyof typeof tones;
  padding?: keyof typeof paddings;
  /** Render the child element (a section, a form, a list item, a link) as the card. */
  asChild?: boolean;
};

/**
 * The one card: a rounded surface for a group of content. Classes are joined, not merged (`cx`,
 * like `Button`): `className` adds layout (flex, gaps, widths, margins); the surface comes from
 * `tone` and `padding`.
 */
export function Card({ tone = "panel", padding = "md", asChild, className, ...props }: CardProps) {
  const Component = asChild ? Slot.Root : "div";
  return <Component className={cx("rounded-2xl", tones[tone], paddings[padding], className)} {...props} />;
}

/**
 * A card that is a titled section of its page: its heading (an `h2`, styled by `titleClassName`)
 * names the section for assistive technology; a `description` stands under the heading.
 */
export function CardSection({
  id,
  title,
  titleClassName = "text-lg font-semibold",
  description,
  descriptionTestId,
  children,
  ...card
}: Pick<CardProps, "tone" | "padding" | "className"> & {
  id: string;
  title: ReactNode;
  titleClassName?: string;
  description?: ReactNode;
  descriptionTestId?: string;
  children: ReactNode;
}) {
  const heading = (
    <h2 id={id} className={titleClassName}>
      {title}
    </h2>
  );
  return (
    <Card asChild {...card}>
      <section aria-labelledby={id}>
        {description === undefined ? (
          heading
        ) : (
          <div>
            {heading}
            <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid={descriptionTestId}>
              {description}
            </p>
          </div>
        )}
        {children}
      </section>
    </Card>
  );
}
