"use client";

import { Building2, Menu, X } from "lucide-react";
import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { Dialog as DialogPrimitive } from "radix-ui";
import { useState, type CSSProperties, type ReactNode } from "react";
import { InactivityMonitor } from "@/components/admin/inactivity-monitor";
import { LogoutButton } from "@/components/admin/logout-button";
import { adminNavItems, isActive } from "@/components/admin/nav-items";
import { PreloadRoutes } from "@/components/admin/preload-routes";
import { LanguageSwitcher } from "@/components/preferences/language-switcher";
import { ThemeSwitcher } from "@/components/preferences/theme-switcher";
import { saveThemePreference } from "@/lib/features/account/auth-actions";
import type { ShellBrand } from "@/lib/features/brand/queries";
import type { Role } from "@/lib/generated/prisma/enums";
import { cn } from "@/lib/core/merge-classes";

export interface ShellCompany {
  name: string;
  logoUrl: string | null;
}
export interface ShellUser {
  displayName: string;
  email: string;
  role: Role;
}

function CompanyBadge({ company }: { company: ShellCompany }) {
  const t = useTranslations("admin");
  return (
    <div className="flex min-w-0 items-center gap-3">
      {company.logoUrl ? (
        // A short-lived signed storage URL: next/image would need every storage host configured.
        // eslint-disable-next-line @next/next/no-img-element
        <img
          src={company.logoUrl}
          alt={t("logoAlt", { company: company.name })}
          className="size-9 shrink-0 rounded-lg object-cover"
        />
      ) : (
        <span
          aria-hidden
          className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600 dark:bg-brand-600/20"
        >
          <Building2 className="size-5" />
        </span>
      )}
      <span className="truncate font-semibold" data-testid="company-name">
        {company.name}
      </span>
    </div>
  );
}

function NavLinks({ onNavigate, branded }: { onNavigate?: () => void; branded: boolean }) {
  const t = useTranslations("admin.nav");
  const pathname = usePathname();
  const router = useRouter();
  return (
    <ul className="flex flex-col gap-1">
      {adminNavItems.map(({ href, key, Icon, idle }) => {
        const active = isActive(href, pathname);
        // Idle-preloaded pages are fetched by PreloadRoutes; the rest on hover or focus.
        const preload = idle ? undefined : () => router.prefetch(href);
        return (
          <li key={href}>
            <Link
              href={href}
              prefetch={false}
              onMouseEnter={preload}
              onFocus={preload}
              onClick={onNavigate}
              aria-current={active ? "page" : undefined}
              className={cn(
                "flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800",
                active &&
                  !branded &&
                  "bg-brand-50 text-brand-700 hover:bg-brand-50 dark:bg-brand-600/15 dark:text-brand-400",
                // The company's colour (AA as text on the sidebar, from brandPalette) and a bar in it.
                active &&
                  branded &&
                  "font-semibold text-(--shell-brand-text) shadow-[inset_3px_0_0_var(--shell-brand)] hover:bg-transparent dark:text-(--shell-brand-text-dark) dark:hover:bg-transparent",
              )}
            >
              <Icon aria-hidden className="size-4" />
              {t(key)}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function SidebarBody({
  company,
  user,
  onNavigate,
  branded,
}: {
  company: ShellCompany;
  user: ShellUser;
  onNavigate?: () => void;
  branded: boolean;
}) {
  const t = useTranslations();
  return (
    <div className="flex h-full flex-col gap-6 p-4">
      <CompanyBadge company={company} />
      <nav aria-label={t("admin.nav.label")} className="flex-1 overflow-y-auto">
        <NavLinks onNavigate={onNavigate} branded={branded} />
      </nav>
      <div className="flex flex-col gap-3 border-t border-zinc-200 pt-4 dark:border-zinc-800">
        <div className="flex flex-wrap items-center gap-2">
          <ThemeSwitcher onChange={(theme) => void saveThemePreference(theme)} />
          <LanguageSwitcher />
        </div>
        <p className="truncate text-sm">
          <span className="font-medium">{user.displayName}</span>
          <span className="block truncate text-xs text-zinc-600 dark:text-zinc-400">
            {user.email} · {t(`team.roles.${user.role}`)}
          </span>
        </p>
        <Link
          href="/account"
          onClick={onNavigate}
          className="rounded text-sm text-brand-700 hover:underline dark:text-brand-400 focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          {t("account.navLink")}
        </Link>
        <LogoutButton />
      </div>
    </div>
  );
}

/**
 * The admin area's frame (spec §2): sidebar with company, navigation, theme, language and
 * logout; a drawer with the same on small screens; the inactivity timers; idle preloading.
 */
export function AdminShell({
  company,
  user,
  idleMinutes,
  banner,
  brand,
  children,
}: {
  company: ShellCompany;
  user: ShellUser;
  idleMinutes: number;
  /** The company's brand colours, when its plan includes custom branding. */
  brand?: ShellBrand | null;
  /** Above every page: the trial or payment banner (billing). */
  banner?: ReactNode;
  children: ReactNode;
}) {
  const t = useTranslations();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Custom properties, set again on the drawer: it renders in a portal outside this tree.
  const brandVars = brand
    ? ({
        "--shell-brand": brand.brand,
        "--shell-brand-text": brand.textLight,
        "--shell-brand-text-dark": brand.textDark,
      } as CSSProperties)
    : undefined;

  return (
    <div className="min-h-dvh lg:grid lg:grid-cols-[16rem_1fr]" style={brandVars}>
      <aside className="sticky top-0 hidden h-dvh border-r border-zinc-200 bg-white lg:block dark:border-zinc-800 dark:bg-ink-900">
        <SidebarBody company={company} user={user} branded={!!brand} />
      </aside>

      <div className="flex min-w-0 flex-col">
        {brand && <div aria-hidden data-testid="shell-brand-bar" className="h-1 bg-(--shell-brand)" />}
        <header className="sticky top-0 z-30 flex items-center justify-between gap-3 border-b border-zinc-200 bg-white/90 px-4 py-3 backdrop-blur lg:hidden dark:border-zinc-800 dark:bg-ink-900/90">
          <CompanyBadge company={company} />
          <DialogPrimitive.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
            <DialogPrimitive.Trigger asChild>
              <button
                type="button"
                aria-label={t("admin.nav.openMenu")}
                className="rounded-lg p-2 text-zinc-700 hover:bg-zinc-100 dark:text-zinc-200 dark:hover:bg-zinc-800"
              >
                <Menu aria-hidden className="size-5" />
              </button>
            </DialogPrimitive.Trigger>
            <DialogPrimitive.Portal>
              <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/50" />
              <DialogPrimitive.Content
                style={brandVars}
                className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] overflow-y-auto bg-white shadow-xl dark:bg-ink-900"
              >
                <DialogPrimitive.Title className="sr-only">{t("admin.nav.menu")}</DialogPrimitive.Title>
                <DialogPrimitive.Description className="sr-only">
                  {t("admin.nav.label")}
                </DialogPrimitive.Description>
                <DialogPrimitive.Close
                  aria-label={t("admin.nav.closeMenu")}
                  className="absolute top-3 right-3 rounded-md p-1.5 text-zinc-500 hover:bg-zinc-100 dark:hover:bg-zinc-800"
                >
                  <X aria-hidden className="size-5" />
                </DialogPrimitive.Close>
                <SidebarBody
                  company={company}
                  user={user}
                  onNavigate={() => setDrawerOpen(false)}
                  branded={!!brand}
                />
              </DialogPrimitive.Content>
            </DialogPrimitive.Portal>
          </DialogPrimitive.Root>
        </header>
        {banner}
        <main id="main" tabIndex={-1} className="flex-1 px-4 py-6 sm:px-8 sm:py-8">
          {children}
        </main>
      </div>

      <InactivityMonitor idleMinutes={idleMinutes} />
      <PreloadRoutes />
    </div>
  );
}
