"use client";

import { Toaster as Sonner } from "sonner";

/**
 * App-wide toasts (spec §8); rendered once in the root layout. At the bottom, not the top, so
 * a toast never covers a page's heading or its top bar (issue #18); expanded, so several stack
 * one above the other instead of piling up behind the newest. `dir` given: left to itself,
 * sonner asks `getComputedStyle(<html>)` for it, a style recalculation of the whole page just
 * after it hydrates (issue #16); all four languages are written left to right.
 */
export function Toaster() {
  return (
    <Sonner
      dir="ltr"
      position="bottom-right"
      expand
      visibleToasts={4}
      richColors
      closeButton
      theme="system"
    />
  );
}
