import { ExternalLink, Globe, Mail, MessageCircle, Phone, Megaphone } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { ContentCard, EventCard } from "@/components/public/cards";
import { CompanyLogo } from "@/components/public/company-logo";
import { FilterBar } from "@/components/public/filter-bar";
import type { Locale } from "@/lib/i18n/config";
import type { TenantLinks } from "@/lib/public/links";
import { localized } from "@/lib/public/localize";
import type { LandingData, PublicCompany } from "@/lib/public/types";

const socials = ["instagram", "facebook", "youtube", "tiktok", "linkedin", "twitter"] as const;

async function ContactLinks({ company }: { company: PublicCompany }) {
  const t = await getTranslations("landing");
  const c = company.contacts;
  const items = [
    c.whatsapp && { href: c.whatsapp, label: t("contact.whatsapp"), Icon: MessageCircle },
    c.email && { href: `mailto:${c.email}`, label: t("contact.email"), Icon: Mail },
    c.website && { href: c.website, label: t("contact.website"), Icon: Globe },
    c.phone && { href: `tel:${c.phone.replace(/[^\d+]/g, "")}`, label: c.phone, Icon: Phone },
    ...socials.map((s) => c[s] && { href: c[s]!, label: t(`social.${s}`), Icon: ExternalLink }),
  ].filter((x): x is { href: string; label: string; Icon: typeof Mail } => Boolean(x));
  if (items.length === 0) return null;
  return (
    <nav aria-label={t("contactTitle")}>
      <ul className="flex flex-wrap justify-center gap-2 sm:justify-start">
        {items.map(({ href, label, Icon }) => (
          <li key={href}>
            <a
              href={href}
              rel="noopener noreferrer"
              target={href.startsWith("http") ? "_blank" : undefined}
              className="inline-flex h-10 items-center gap-2 rounded-full border border-zinc-300 px-4 text-sm font-medium hover:border-zinc-500 dark:border-zinc-700 dark:hover:border-zinc-400"
            >
              <Icon aria-hidden className="size-4" />
              {label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A company's landing page (spec §2): brand, description, contacts, filters, events or galleries, resources. */
export async function LandingView({
  data,
  locale,
  links,
}: {
  data: LandingData;
  locale: Locale;
  links: TenantLinks;
}) {
  const t = await getTranslations("landing");
  const { company } = data;
  const name = localized(company.landingName, locale) ?? company.name;
  const intro = localized(company.landingDescription, locale);
  const description = localized(company.description, locale);
  const byEvents = company.displayMode === "events";

  return (
    <>
      <section className="border-b border-zinc-200 bg-zinc-50 px-4 py-10 sm:px-6 sm:py-14 dark:border-zinc-800 dark:bg-ink-800">
        <div className="mx-auto flex max-w-6xl flex-col items-center gap-6 text-center sm:flex-row sm:items-start sm:text-left">
          <CompanyLogo company={company} decorative={false} className="size-24 text-4xl sm:size-28" />
          <div className="flex min-w-0 flex-col gap-4">
            <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{name}</h1>
            {intro && <p className="text-lg text-zinc-700 dark:text-zinc-300">{intro}</p>}
            {description && <p className="text-zinc-600 dark:text-zinc-400">{description}</p>}
            <ContactLinks company={company} />
            {company.promotionUrl && (
              <a
                href={company.promotionUrl}
                rel="noopener"
                target="_blank"
                className="inline-flex h-11 items-center justify-center gap-2 self-center rounded-lg bg-orange-700 px-5 font-medium text-white hover:bg-orange-800 sm:self-start"
              >
                <Megaphone aria-hidden className="size-4" />
                {t("promotion")}
              </a>
            )}
          </div>
        </div>
      </section>

      <div id="landing-items" className="mx-auto flex max-w-6xl flex-col gap-10 px-4 py-10 sm:px-6">
        <FilterBar targetId="landing-items" />

        <section
          data-filter-section={(byEvents ? data.events.length : data.galleries.length) > 0 ? "" : undefined}
          aria-labelledby="landing-main-title"
        >
          <h2 id="landing-main-title" className="text-2xl font-bold">
            {byEvents ? t("eventsTitle") : t("galleriesTitle")}
          </h2>
          {(byEvents ? data.events.length : data.galleries.length) === 0 ? (
            <p className="mt-4 text-zinc-600 dark:text-zinc-400">
              {byEvents ? t("noEvents") : t("noGalleries")}
            </p>
          ) : (
            <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {byEvents
                ? data.events.map((event) => (
                    <EventCard key={event.id} event={event} href={links.event(event.slug)} locale={locale} />
                  ))
                : data.galleries.map((content) => (
                    <ContentCard key={content.id} content={content} href={links.player(content.id)} />
                  ))}
            </ul>
          )}
        </section>

        {data.resources.length > 0 && (
          <section data-filter-section aria-labelledby="landing-resources-title">
            <h2 id="landing-resources-title" className="text-2xl font-bold">
              {t("resourcesTitle")}
            </h2>
            <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {data.resources.map((content) => (
                <ContentCard key={content.id} content={content} href={links.player(content.id)} />
              ))}
            </ul>
          </section>
        )}

        <p
          data-filter-empty
          hidden
          className="rounded-2xl border border-dashed border-zinc-300 p-8 text-center text-zinc-600 dark:border-zinc-700 dark:text-zinc-400"
        >
          {t("filterEmpty")}
        </p>
      </div>
    </>
  );
}
