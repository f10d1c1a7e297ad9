import Link from "next/link";
import { LanguageSwitcher } from "@/components/preferences/language-switcher";
import { ThemeSwitcher } from "@/components/preferences/theme-switcher";
import { CompanyLogo } from "@/components/public/company-logo";
import type { TemplateStyle } from "@/lib/features/brand/templates";
import type { TenantLinks } from "@/lib/platform/site/links";
import type { PublicCompany } from "@/lib/surfaces/public-site/types";

/** The language picker, and the theme switcher unless the company forces a scheme. */
function Switchers({ company }: { company: PublicCompany }) {
  return (
    <div className="flex shrink-0 items-center gap-2">
      <LanguageSwitcher />
      {company.colorScheme === "system" && <ThemeSwitcher className="hidden sm:inline-flex" />}
    </div>
  );
}

/**
 * The top of a tenant's pages, per template: classic is a bar with the logo on the left;
 * editorial a centred masthead with a larger logo; stage a dark bar with the name in bold
 * condensed capitals.
 *
 * The tenant's pages never prefetch their links (`prefetch={false}` here, in the cards, the
 * footer, the player and the status pages: issue #35). Their routes are rendered per tenant,
 * so Next.js prefetched only each link's route tree (`?_rsc=…`, `Next-Router-Segment-Prefetch:
 * /_tree`) and a click still fetched the page: 4 to 7 requests on every fan's first visit, none
 * of which made a navigation faster.
 */
export function TenantHeader({
  company,
  links,
  style,
}: {
  company: PublicCompany;
  links: TenantLinks;
  style: TemplateStyle;
}) {
  if (style.layout === "magazine") {
    return (
      <header className="border-b-4 border-double border-zinc-900 dark:border-zinc-300">
        <div className="mx-auto flex max-w-5xl flex-col items-center gap-2 px-4 pt-3 pb-6 text-center sm:px-6">
          <div className="flex w-full justify-end">
            <Switchers company={company} />
          </div>
          <Link prefetch={false} href={links.home} className="touch-target flex flex-col items-center gap-3">
            <CompanyLogo company={company} className="size-20 rounded-full text-3xl" />
            <span className="text-3xl tracking-tight sm:text-4xl">{company.name}</span>
          </Link>
        </div>
      </header>
    );
  }
  if (style.layout === "stage") {
    return (
      <header data-scheme="dark" className="bg-ink-900 text-white">
        <div className="flex h-16 items-center justify-between gap-3 px-4 sm:px-6">
          <Link
            prefetch={false}
            href={links.home}
            className="touch-target font-condensed flex min-w-0 items-center gap-3 text-xl font-black tracking-wide uppercase font-stretch-condensed"
          >
            <CompanyLogo company={company} className="size-10 rounded-none" />
            <span className="truncate">{company.name}</span>
          </Link>
          <Switchers company={company} />
        </div>
      </header>
    );
  }
  return (
    <>
      {company.brandColor && <div aria-hidden className="h-1 bg-tenant" />}
      <header className="border-b border-zinc-200 dark:border-zinc-800">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
          <Link
            prefetch={false}
            href={links.home}
            className="touch-target flex min-w-0 items-center gap-3 font-semibold"
          >
            <CompanyLogo company={company} className="size-9" />
            <span className="truncate">{company.name}</span>
          </Link>
          <Switchers company={company} />
        </div>
      </header>
    </>
  );
}
