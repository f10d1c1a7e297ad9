import { useTranslations } from "next-intl";

/**
 * A text field's length against its limit, shown once it comes close (the last 10 %), so a long
 * paste is never cut silently (issue #40: a 209-character name became 200 without a word). The
 * field takes any length (no `maxLength`, which truncates without telling), the count turns red
 * past the limit, and the server refuses it with the field's error while the form keeps what
 * was typed.
 */
export function lengthCount(text: string, max: number): { used: number; max: number; over: boolean } | null {
  const used = text.length; // as zod's `.max()` counts (UTF-16 units)
  return used >= Math.floor(max * 0.9) ? { used, max, over: used > max } : null;
}

/** `Field` props for a text's length: `{...lengthHint(value, 200)}`. */
export function useLengthHint() {
  const t = useTranslations("validation");
  return (text: string, max: number): { hint?: string; hintTone?: "muted" | "error" } => {
    const count = lengthCount(text, max);
    if (!count) return {};
    return {
      hint: t(count.over ? "lengthOver" : "lengthCount", { used: count.used, max: count.max }),
      hintTone: count.over ? "error" : "muted",
    };
  };
}
