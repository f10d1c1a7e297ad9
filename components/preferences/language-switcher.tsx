"use client";

import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect, useTransition } from "react";
import { optionsOf, Select } from "@/components/ui/select";
import { isLocale, localeCookieName, locales, type Locale } from "@/lib/core/i18n/config";

export const LANGUAGE_STORAGE_KEY = "language";
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

function remember(locale: Locale): void {
  // Secure on an HTTPS page, as the server marks every cookie of an HTTPS answer
  // (server/client-address-preload.mjs): never sent back over plain HTTP.
  const secure = location.protocol === "https:" ? "; secure" : "";
  document.cookie = `${localeCookieName}=${locale}; path=/; max-age=${ONE_YEAR_SECONDS}; samesite=lax${secure}`;
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, locale);
  } catch {
    // storage disabled (private mode): the cookie alone is enough
  }
}

/** Language picker: the cookie makes the server render the choice; local storage mirrors it (spec §4). */
export function LanguageSwitcher({ className }: { className?: string }) {
  const locale = useLocale();
  const t = useTranslations("language");
  const router = useRouter();
  const [pending, startTransition] = useTransition();

  useEffect(() => {
    // Unknown or missing stored language resets to the one being shown (pt by default).
    const stored = (() => {
      try {
        return localStorage.getItem(LANGUAGE_STORAGE_KEY);
      } catch {
        return null;
      }
    })();
    if (!isLocale(stored) || stored !== locale) {
      try {
        localStorage.setItem(LANGUAGE_STORAGE_KEY, locale);
      } catch {
        // ignore
      }
    }
  }, [locale]);

  return (
    <label className={className}>
      <span className="sr-only">{t("label")}</span>
      <Select
        size="inline"
        value={locale}
        disabled={pending}
        onChange={(event) => {
          const next = event.target.value;
          if (!isLocale(next)) return;
          remember(next);
          startTransition(() => router.refresh());
        }}
        options={optionsOf(locales, (l) => t(l))}
      />
    </label>
  );
}
