import type { ReactNode } from "react";

/**
 * A fan's consent box (the lead form's, the favourites link's): one markup, so the two forms a
 * fan may fill in on one page look, read and announce alike. The label sits beside the box and,
 * when refused, the error under it, tied by `aria-describedby`; `error === ""` marks the box
 * invalid without text.
 */
export function ConsentCheckbox({
  id,
  name,
  checked,
  onChange,
  label,
  error,
}: {
  id: string;
  name?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: ReactNode;
  error?: string;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-start gap-3">
        <input
          id={id}
          name={name}
          type="checkbox"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-invalid={error !== undefined || undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-0.5 size-5 shrink-0 accent-tenant focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
        />
        <label htmlFor={id} className="text-sm text-zinc-700 dark:text-zinc-300">
          {label}
        </label>
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

/** The company's privacy page inside a consent label (a `link` tag of `t.rich`), in a new tab. */
export function PrivacyLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="font-medium underline underline-offset-2 hover:text-zinc-900 dark:hover:text-white"
    >
      {children}
    </a>
  );
}
