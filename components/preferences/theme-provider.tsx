"use client";

import { ThemeProvider as NextThemes } from "next-themes";
import type { ReactNode } from "react";

export const THEME_STORAGE_KEY = "theme";

/**
 * Light / dark / system (default; follows the OS live). The choice lives in local storage
 * and is applied by an inline script before first paint, so there is no flash. On dynamic
 * pages that script carries the request's CSP nonce; on cached pages its hash is allowed.
 */
export function ThemeProvider({ children, nonce }: { children: ReactNode; nonce?: string }) {
  return (
    <NextThemes
      attribute="class"
      defaultTheme="system"
      enableSystem
      storageKey={THEME_STORAGE_KEY}
      disableTransitionOnChange
      nonce={nonce}
    >
      {children}
    </NextThemes>
  );
}
