import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { LanguageSwitcher } from "@/components/preferences/language-switcher";
import { ThemeSwitcher } from "@/components/preferences/theme-switcher";
import { cx } from "@/lib/core/join-classes";
import { Card } from "@/components/ui/card";

/** The frame of the account pages: brand, language and theme, one centred card. */
export async function AuthShell({
  title,
  description,
  children,
  wide = false,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  /** A wider card, for a page of several sections (the account page). */
  wide?: boolean;
}) {
  const t = await getTranslations("common");
  return (
    <div className="flex min-h-dvh flex-col bg-zinc-50 dark:bg-ink-900">
      <header className="flex items-center justify-between gap-4 px-6 py-4">
        {/* Not prefetched: a sign-in page is a destination, and a phone's first seconds here are
            better spent on its own scripts than on the home page's (issue #16). */}
        <Link
          href="/"
          prefetch={false}
          className="touch-target inline-flex items-center text-lg font-bold tracking-tight text-brand-600"
        >
          {t("appName")}
        </Link>
        <div className="flex items-center gap-2">
          <LanguageSwitcher />
          <ThemeSwitcher />
        </div>
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 pt-6 pb-16 sm:pt-12">
        <Card padding="xl" className={cx("w-full", wide ? "max-w-2xl" : "max-w-md")}>
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          {description && <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{description}</p>}
          <div className="mt-6">{children}</div>
        </Card>
      </main>
    </div>
  );
}
