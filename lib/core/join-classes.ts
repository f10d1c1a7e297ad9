/**
 * Joins class names, no merging: for client components and the `components/ui` primitives
 * they use. tailwind-merge (`cn`, lib/core/merge-classes.ts) was 8.5 KB of every public page (issue #16), so
 * a browser-side component never passes two utilities for the same property: a variant or a
 * condition picks one (e.g. `Button`'s `brand` and `overlay` variants instead of colour
 * overrides). A module of its own: importing it must not bring tailwind-merge along.
 */
export { clsx as cx } from "clsx";
