"use client";

import { Toaster as Sonner } from "sonner";

/**
 * App-wide toasts (spec §8); rendered once in the root layout. At the bottom, not the top, so
 * a toast never covers a page's heading or its top bar (issue #18); expanded, so several stack
 * one above the other instead of piling up behind the newest.
 */
export function Toaster() {
  return <Sonner position="bottom-right" expand visibleToasts={4} richColors closeButton theme="system" />;
}
