"use client";

import { Star } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { cx } from "@/lib/core/join-classes";

export const RATINGS = [1, 2, 3, 4, 5] as const;

/** A comment's rating: five stars for the eye, "4 out of 5" for screen readers. */
export function RatingDisplay({ rating }: { rating: number }) {
  const t = useTranslations("engagement.comments");
  return (
    <span role="img" aria-label={t("rating", { rating })} className="inline-flex items-center gap-0.5">
      {RATINGS.map((n) => (
        <Star
          key={n}
          aria-hidden
          className={cx(
            "size-4",
            n <= rating ? "fill-amber-400 text-amber-500" : "text-zinc-300 dark:text-zinc-600",
          )}
        />
      ))}
    </span>
  );
}

/**
 * The rating input: native radio buttons (one tab stop, arrow keys move and choose) drawn as
 * stars, each at least 44 px square for touch.
 */
export function RatingInput({
  name,
  value,
  onChange,
  label,
  error,
  errorId,
  hint,
  disabled,
}: {
  /** Said before the fan tries to post (e.g. that a rating is required). */
  hint?: string;
  name: string;
  value: number | null;
  onChange: (rating: number) => void;
  label: string;
  error?: string;
  errorId: string;
  disabled?: boolean;
}) {
  const t = useTranslations("engagement.comments");
  const [hover, setHover] = useState<number | null>(null);
  const shown = hover ?? value ?? 0;
  return (
    <fieldset
      disabled={disabled}
      aria-describedby={[hint && `${errorId}-hint`, error && errorId].filter(Boolean).join(" ") || undefined}
      className="flex flex-col gap-1"
    >
      <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">{label}</legend>
      {hint && (
        <p id={`${errorId}-hint`} className="text-sm text-zinc-600 dark:text-zinc-400">
          {hint}
        </p>
      )}
      <div className="-ml-2 flex" onMouseLeave={() => setHover(null)}>
        {RATINGS.map((n) => (
          <label
            key={n}
            onMouseEnter={() => setHover(n)}
            className="flex size-11 cursor-pointer items-center justify-center rounded-lg has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500"
          >
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className="sr-only"
            />
            <Star
              aria-hidden
              className={cx(
                "size-7 transition-colors",
                n <= shown ? "fill-amber-400 text-amber-500" : "text-zinc-400 dark:text-zinc-500",
              )}
            />
            <span className="sr-only">{t("star", { count: n })}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}
