import type { ComponentProps, ReactNode } from "react";
import { cx } from "@/lib/core/join-classes";

/**
 * The two kinds of table: `list`, a bordered list of records on its own (the admin lists,
 * analytics), with a grey header row and lines between rows; `plain`, a table inside a card
 * (team, audit log, DNS records), whose rows carry their own rule.
 */
type Variant = "list" | "plain";

const listFrame = "rounded-xl border border-zinc-200 dark:border-zinc-700";
const listHead = "bg-zinc-50 text-xs text-zinc-600 uppercase dark:bg-ink-800 dark:text-zinc-400";
const listBody = "divide-y divide-zinc-200 dark:divide-zinc-800";

/** Joined classes, or no attribute at all where there are none (a bare `<tbody>` stays bare). */
const classes = (...values: Parameters<typeof cx>) => cx(...values) || undefined;

/**
 * A table in its frame, which scrolls (`scroll`: sideways for wide tables, down for long ones).
 * `region` makes the frame a named, focusable region, so keyboard users can scroll it too.
 * The rest of the props (`data-testid`, `aria-labelledby`, …) go to the `<table>`.
 */
export function Table({
  variant = "list",
  scroll = "x",
  region,
  frameClassName,
  className,
  ...props
}: ComponentProps<"table"> & {
  variant?: Variant;
  scroll?: "x" | "y";
  region?: { labelledBy: string } | { label: string };
  frameClassName?: string;
}) {
  return (
    <div
      {...(region && {
        role: "region",
        tabIndex: 0,
        ...("label" in region ? { "aria-label": region.label } : { "aria-labelledby": region.labelledBy }),
      })}
      className={cx(
        scroll === "x" ? "overflow-x-auto" : "overflow-y-auto",
        variant === "list" && listFrame,
        frameClassName,
      )}
    >
      <table className={cx("w-full text-left text-sm", className)} {...props} />
    </div>
  );
}

/** The header row: `children` are its `<th scope="col">` cells. */
export function TableHead({
  variant = "list",
  className,
  children,
}: {
  variant?: Variant;
  className?: string;
  children: ReactNode;
}) {
  return (
    <thead className={classes(variant === "list" && listHead, className)}>
      <tr>{children}</tr>
    </thead>
  );
}

export function TableBody({
  variant = "list",
  className,
  ...props
}: ComponentProps<"tbody"> & { variant?: Variant }) {
  return <tbody className={classes(variant === "list" && listBody, className)} {...props} />;
}

const rowLooks = {
  /** A record that opens: a quiet highlight under the pointer. */
  hover: "hover:bg-zinc-50/60 dark:hover:bg-zinc-800/40",
  /** A row of a plain table: a hairline above it. */
  ruled: "border-t border-zinc-100 dark:border-zinc-800",
} as const;

export function TableRow({
  look,
  className,
  ...props
}: ComponentProps<"tr"> & { look?: keyof typeof rowLooks }) {
  return <tr className={classes(look && rowLooks[look], className)} {...props} />;
}
