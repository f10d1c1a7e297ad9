"use client";

import { useTranslations } from "next-intl";
import { PageSchemeRoot } from "@/components/public/page-scheme-root";
import Link from "next/link";
import { useTenantScope } from "@/components/public/pages/tenant-scope";
import { StatusView } from "@/components/public/status-view";
import { cx } from "@/lib/core/join-classes";

/**
 * 404 pages of the public site, each with its own message (spec §8) and a way home; under a
 * tenant (its layout's `TenantScopeProvider`), in the tenant's brand with a way back to its
 * landing page.
 * A client component on purpose: Next renders nested not-found boundaries outside the
 * page's render, where next-intl's server APIs cannot see the locale set by the layout and
 * would read `headers()`, making every page under them dynamic. The messages it needs
 * (`errors`, `common`) are sent to the browser anyway.
 */
export function NotFoundView({ kind }: { kind: "page" | "company" | "event" | "content" }) {
  const t = useTranslations();
  const titles = {
    page: "errors.notFoundTitle",
    company: "errors.companyNotFound",
    event: "errors.eventNotFound",
    content: "errors.contentNotFound",
  } as const;
  const messages = {
    page: "errors.notFoundMessage",
    company: "errors.companyNotFoundMessage",
    event: "errors.eventNotFoundMessage",
    content: "errors.contentNotFoundMessage",
  } as const;
  const tenant = useTenantScope();
  if (!tenant) {
    return (
      <main id="main">
        <StatusView
          code="404"
          title={t(titles[kind])}
          message={t(messages[kind])}
          action={{ href: "/", label: t("common.goHome") }}
        />
      </main>
    );
  }
  // Under a tenant: its brand (colours, template, logo or name) and a way back to its landing.
  return (
    <div
      data-template={tenant.template}
      data-page-scheme={tenant.colorScheme === "system" ? undefined : tenant.colorScheme}
      className={cx(
        "flex min-h-dvh flex-col bg-white text-zinc-900 dark:bg-ink-900 dark:text-zinc-100",
        tenant.fontClass,
      )}
    >
      <style>{tenant.brandCss}</style>
      {tenant.colorScheme !== "system" && <PageSchemeRoot scheme={tenant.colorScheme} />}
      <header className="border-b border-zinc-200 px-6 py-4 dark:border-zinc-800">
        <Link
          prefetch={false}
          href={tenant.home}
          className="inline-flex min-h-11 items-center gap-3 font-semibold"
        >
          {tenant.logoUrl ? (
            // eslint-disable-next-line @next/next/no-img-element -- the tenant's logo is served by our media route
            <img src={tenant.logoUrl} alt={tenant.name} className="h-10 w-auto max-w-48 object-contain" />
          ) : (
            tenant.name
          )}
        </Link>
      </header>
      <main id="main" className="flex-1">
        <StatusView
          code="404"
          title={t(kind === "company" ? "errors.notFoundTitle" : titles[kind])}
          message={t(kind === "company" ? "errors.notFoundMessage" : messages[kind])}
          action={{ href: tenant.home, label: t("errors.backToTenant", { company: tenant.name }) }}
        />
      </main>
    </div>
  );
}
