import Link from "next/link";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Select, type SelectOption } from "@/components/ui/select";
import { cn } from "@/lib/core/merge-classes";

/**
 * A list's filters as a plain GET form: works without JavaScript, and the URL can be shared.
 * The fields come as `search` and children (`FilterSelect`s, `FilterField`s, `DateRangeFields`); the form
 * adds the apply button and, when `reset` is given, a link back to the unfiltered list.
 */
export function FilterForm({
  label,
  search,
  applyLabel,
  reset,
  children,
}: {
  /** Accessible name of the search landmark. */
  label?: string;
  /** The free-text search (`name="q"`), first and taking the free width. */
  search?: { label: string; placeholder: string; value: string | undefined };
  applyLabel: string;
  reset?: { href: string; label: string };
  children: ReactNode;
}) {
  return (
    <form method="get" role="search" aria-label={label} className="flex flex-wrap items-end gap-3">
      {search && (
        <FilterField label={search.label} grow>
          <Input type="search" name="q" defaultValue={search.value ?? ""} placeholder={search.placeholder} />
        </FilterField>
      )}
      {children}
      <Button type="submit" variant="secondary">
        {applyLabel}
      </Button>
      {reset && (
        <Button asChild variant="ghost">
          <Link href={reset.href}>{reset.label}</Link>
        </Button>
      )}
    </form>
  );
}

/** One labelled filter; `grow` lets it take the free width (the search box). */
export function FilterField({
  label,
  grow,
  className,
  children,
}: {
  label: string;
  grow?: boolean;
  /** The field's width (its input fills it). */
  className?: string;
  children: ReactNode;
}) {
  return (
    <label className={cn("flex flex-col gap-1 text-sm", grow && "min-w-48 flex-1", className)}>
      <span className="font-medium">{label}</span>
      {children}
    </label>
  );
}

/** A choice among `options`, with a first "all" option (the empty value: no filter). */
export function FilterSelect({
  label,
  name,
  value,
  allLabel,
  options,
  className,
}: {
  label: string;
  name: string;
  value: string | undefined;
  allLabel: string;
  options: readonly SelectOption[];
  className?: string;
}) {
  return (
    <FilterField label={label}>
      <Select
        size="sm"
        name={name}
        defaultValue={value ?? ""}
        emptyLabel={allLabel}
        options={options}
        className={className}
      />
    </FilterField>
  );
}

/**
 * The "from" and "to" days of a list's filters (`name="from"`, `name="to"`, yyyy-mm-dd as the
 * date inputs send them); each list's schema reads them as its own range.
 */
export function DateRangeFields({
  labels,
  from,
  to,
}: {
  labels: { from: string; to: string };
  from: string | undefined;
  to: string | undefined;
}) {
  return (
    <>
      <FilterField label={labels.from} className="w-40">
        <Input type="date" name="from" defaultValue={from ?? ""} />
      </FilterField>
      <FilterField label={labels.to} className="w-40">
        <Input type="date" name="to" defaultValue={to ?? ""} />
      </FilterField>
    </>
  );
}
