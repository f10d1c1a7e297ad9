import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { CookieSettingsButton } from "@/components/consent/cookie-settings-button";
import { AccountLink } from "@/components/marketing/account-link";
import { AfterglowLogo } from "@/components/marketing/afterglow-logo";
import { ThemeSwitcher } from "@/components/preferences/theme-switcher";

const linkClass =
  "touch-target inline-flex items-center rounded hover:text-brand-600 focus-visible:text-brand-600";

/** The platform footer: Login/Admin, Privacy Policy, Terms of Use, Cookies (spec §2). */
export async function SiteFooter() {
  const [t, tc] = await Promise.all([getTranslations("footer"), getTranslations("common")]);
  const links = [
    { href: "/privacy", label: t("privacy") },
    { href: "/terms", label: t("terms") },
    { href: "/cookies", label: t("cookies") },
  ];
  return (
    <footer className="border-t border-zinc-200 px-6 py-10 text-sm text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-6 sm:flex-row">
        <div className="flex flex-col items-center gap-2 sm:items-start">
          <Link href="/" className="touch-target inline-flex items-center text-zinc-900 dark:text-zinc-100">
            <AfterglowLogo label={tc("appName")} />
          </Link>
          <p>
            © {new Date().getFullYear()} Afterglow. {t("rights")}
          </p>
          {/* The top bar hides it on small screens. */}
          <ThemeSwitcher className="inline-flex sm:hidden" />
        </div>
        <nav aria-label={t("label")}>
          <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2">
            <li>
              <AccountLink className={linkClass} />
            </li>
            {links.map((link) => (
              <li key={link.href}>
                <Link href={link.href} className={linkClass}>
                  {link.label}
                </Link>
              </li>
            ))}
            <li>
              <CookieSettingsButton className={linkClass}>{t("cookieSettings")}</CookieSettingsButton>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
