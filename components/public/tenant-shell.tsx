import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { CookieSettingsButton } from "@/components/consent/cookie-settings-button";
import { ThemeSwitcher } from "@/components/preferences/theme-switcher";
import { BrandStyle } from "@/components/public/brand-style";
import { PageSchemeRoot } from "@/components/public/page-scheme-root";
import { brandHover } from "@/components/ui/tenant-styles";
import { TenantHeader } from "@/components/public/tenant-header";
import { templateStyle } from "@/lib/features/brand/templates";
import type { TenantLinks } from "@/lib/platform/site/links";
import type { PublicCompany } from "@/lib/surfaces/public-site/types";
import { cn } from "@/lib/core/merge-classes";

/**
 * A tenant's pages: its brand (colours, template, forced light/dark) around the page, its legal
 * links at the bottom, Afterglow discreetly — not at all for a white-label company.
 * `data-template` names the template (tests and the admin preview read it); `data-page-scheme`
 * forces the scheme inside it, and `PageSchemeRoot` for the whole document once hydrated (see
 * the `dark` variant in app/globals.css).
 */
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
  const style = templateStyle(company.template);
  const stage = style.layout === "stage";
  const magazine = style.layout === "magazine";
  return (
    <div
      data-template={company.template}
      data-page-scheme={company.colorScheme === "system" ? undefined : company.colorScheme}
      className={cn(
        "flex min-h-dvh flex-col bg-white text-zinc-900 dark:bg-ink-900 dark:text-zinc-100",
        style.font,
      )}
    >
      <BrandStyle company={company} />
      {company.colorScheme !== "system" && <PageSchemeRoot scheme={company.colorScheme} />}
      <TenantHeader company={company} links={links} style={style} />
      <main id="main" className="flex-1">
        {children}
      </main>
      <footer
        data-scheme={stage ? "dark" : undefined}
        className={cn(
          "px-6 py-8 text-sm",
          stage
            ? "bg-ink-900 text-zinc-300"
            : "border-t border-zinc-200 text-zinc-600 dark:border-zinc-800 dark:text-zinc-400",
          magazine && "border-t-4 border-double border-zinc-900 dark:border-zinc-300",
          stage && "tracking-wider uppercase",
        )}
      >
        <div
          className={cn(
            "mx-auto flex max-w-6xl flex-col items-center justify-between gap-4",
            magazine ? "text-center" : "sm:flex-row",
          )}
        >
          {/* The header hides it on small screens. */}
          {company.colorScheme === "system" && <ThemeSwitcher className="inline-flex sm:hidden" />}
          <p>
            © {new Date().getFullYear()} {company.name}
            {!company.whiteLabel && (
              <>
                {" · "}
                <a
                  href="https://afterglow.events"
                  className={cn("touch-target inline-flex items-center", brandHover)}
                  rel="noopener"
                >
                  {t("poweredBy")}
                </a>
              </>
            )}
          </p>
          <nav aria-label={t("footerNav")}>
            <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2">
              <li>
                <Link
                  prefetch={false}
                  href={links.terms}
                  className={cn("touch-target inline-flex items-center", brandHover)}
                >
                  {t("terms")}
                </Link>
              </li>
              <li>
                <Link
                  prefetch={false}
                  href={links.privacy}
                  className={cn("touch-target inline-flex items-center", brandHover)}
                >
                  {t("privacy")}
                </Link>
              </li>
              <li>
                <CookieSettingsButton className={cn("touch-target inline-flex items-center", brandHover)}>
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
