"use client";

import { useEffect } from "react";

/**
 * Marks <html> with the page's forced scheme once hydrated, so what renders outside the page's
 * wrapper (toasts, dialogs, the cookie banner) follows it as the wrapper's content does: the
 * `dark` variant (app/globals.css) reads `[data-page-scheme]` on an ancestor. Removed when the
 * fan navigates to a page that forces nothing.
 */
export function PageSchemeRoot({ scheme }: { scheme: "light" | "dark" }) {
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.pageScheme = scheme;
    return () => {
      delete root.dataset.pageScheme;
    };
  }, [scheme]);
  return null;
}
