import { useId, type ReactElement, cloneElement } from "react";
import { Label } from "@/components/ui/input";

/**
 * A labelled form control with its error text, wired for assistive technology:
 * the control gets `id`, `aria-invalid` and `aria-describedby` pointing at the error.
 */
export function Field({
  label,
  error,
  hint,
  hintTone = "muted",
  children,
}: {
  label: string;
  error?: string;
  hint?: string;
  /** `error`: the hint says something is wrong before any submit (a text over its limit). */
  hintTone?: "muted" | "error";
  children: ReactElement<{ id?: string; "aria-invalid"?: boolean; "aria-describedby"?: string }>;
}) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ");
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {cloneElement(children, {
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy || undefined,
      })}
      {hint && (
        <p
          id={`${id}-hint`}
          className={
            hintTone === "error"
              ? "text-xs font-medium text-red-600 dark:text-red-400"
              : "text-xs text-zinc-500 dark:text-zinc-400"
          }
        >
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
