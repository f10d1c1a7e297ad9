"use client";

import { ThemeProvider as NextThemes } from "next-themes";
import type { ReactNode } from "react";

export const THEME_STORAGE_KEY = "theme";

/**
 * Light / dark / system (default; follows the OS live). The choice lives in local storage
 * and is applied by an inline script before first paint, so there is no flash.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  return (
    <NextThemes
      attribute="class"
      defaultTheme="system"
      enableSystem
      storageKey={THEME_STORAGE_KEY}
      disableTransitionOnChange
    >
      {children}
    </NextThemes>
  );
}
