import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { CookieSettingsButton } from "@/components/consent/cookie-settings-button";
import { LanguageSwitcher } from "@/components/preferences/language-switcher";
import { ThemeSwitcher } from "@/components/preferences/theme-switcher";
import { CompanyLogo } from "@/components/public/company-logo";
import type { TenantLinks } from "@/lib/public/links";
import type { PublicCompany } from "@/lib/public/types";

/** A tenant's pages: its brand on top, its legal links at the bottom, Afterglow discreetly. */
export async function TenantShell({
  company,
  links,
  children,
}: {
  company: PublicCompany;
  links: TenantLinks;
  children: ReactNode;
}) {
  const t = await getTranslations("landing");
  return (
    <div className="flex min-h-dvh flex-col">
      {company.brandColor && (
        <div aria-hidden className="h-1" style={{ backgroundColor: company.brandColor }} />
      )}
      <header className="border-b border-zinc-200 dark:border-zinc-800">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
          <Link href={links.home} className="flex min-w-0 items-center gap-3 font-semibold">
            <CompanyLogo company={company} className="size-9" />
            <span className="truncate">{company.name}</span>
          </Link>
          <div className="flex shrink-0 items-center gap-2">
            <LanguageSwitcher />
            <ThemeSwitcher className="hidden sm:inline-flex" />
          </div>
        </div>
      </header>
      <main id="main" className="flex-1">
        {children}
      </main>
      <footer className="border-t border-zinc-200 px-6 py-8 text-sm text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-4 sm:flex-row">
          {/* The header hides it on small screens. */}
          <ThemeSwitcher className="sm:hidden" />
          <p>
            © {new Date().getFullYear()} {company.name} ·{" "}
            <a href="https://afterglow.events" className="hover:text-brand-600" rel="noopener">
              {t("poweredBy")}
            </a>
          </p>
          <nav aria-label={t("footerNav")}>
            <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2">
              <li>
                <Link href={links.terms} className="hover:text-brand-600">
                  {t("terms")}
                </Link>
              </li>
              <li>
                <Link href={links.privacy} className="hover:text-brand-600">
                  {t("privacy")}
                </Link>
              </li>
              <li>
                <CookieSettingsButton className="hover:text-brand-600">
                  {t("cookieSettings")}
                </CookieSettingsButton>
              </li>
            </ul>
          </nav>
        </div>
      </footer>
    </div>
  );
}
