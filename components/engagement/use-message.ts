"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";

/**
 * The text of a message key the server sent, or of the fallback key: a key this page was not
 * given (an older or newer server) never shows up raw.
 */
export function useMessage(): (key: string | null | undefined, fallback: string) => string {
  const t = useTranslations();
  return useCallback((key, fallback) => (key && t.has(key) ? t(key) : t(fallback)), [t]);
}
