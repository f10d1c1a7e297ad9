import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

/**
 * Joins class names, letting later Tailwind utilities override earlier ones (tailwind-merge).
 * For server components, whose caller overrides a base style. Client components join with `cx`
 * (`lib/core/join-classes.ts`) instead, so tailwind-merge never reaches the browser on the public pages.
 */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
