import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { AfterglowLogo } from "@/components/marketing/afterglow-logo";
import { LanguageSwitcher } from "@/components/preferences/language-switcher";
import { ThemeSwitcher } from "@/components/preferences/theme-switcher";

/** The top bar of the platform's legal pages (logo home, language, theme); not the admin's `PageHeader`. */
export async function LegalTopBar() {
  const t = await getTranslations("common");
  return (
    <header className="border-b border-zinc-200 dark:border-zinc-800">
      <div className="mx-auto flex h-16 max-w-4xl items-center justify-between gap-3 px-4 sm:px-6">
        <Link
          href="/"
          className="touch-target inline-flex items-center"
          aria-label={`${t("appName")} · ${t("goHome")}`}
        >
          <AfterglowLogo label={t("appName")} />
        </Link>
        <div className="flex items-center gap-2">
          <LanguageSwitcher />
          <ThemeSwitcher className="hidden sm:inline-flex" />
        </div>
      </div>
    </header>
  );
}
