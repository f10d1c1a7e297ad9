import { ExternalLink, Globe, Mail, MessageCircle, Phone, Megaphone } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { ContentCard, EventCard } from "@/components/public/cards";
import { CompanyLogo } from "@/components/public/company-logo";
import { FilterBar } from "@/components/public/filter-bar";
import { primaryAction } from "@/components/ui/tenant-styles";
import { TranslatedText, TranslationNote, TranslationScope } from "@/components/translation/translated-text";
import { templateStyle } from "@/lib/features/brand/templates";
import type { Locale } from "@/lib/core/i18n/config";
import type { TenantLinks } from "@/lib/platform/site/links";
import { pickText } from "@/lib/surfaces/public-site/texts";
import type { LandingData, PublicCompany } from "@/lib/surfaces/public-site/types";
import { cn } from "@/lib/core/merge-classes";

const socials = ["instagram", "facebook", "youtube", "tiktok", "linkedin", "twitter"] as const;

async function ContactLinks({ company, onBrand }: { company: PublicCompany; onBrand?: boolean }) {
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
      <ul className={cn("flex flex-wrap justify-center gap-2", !onBrand && "sm:justify-start")}>
        {items.map(({ href, label, Icon }) => (
          <li key={href}>
            <a
              href={href}
              rel="noopener noreferrer"
              target={href.startsWith("http") ? "_blank" : undefined}
              className={cn(
                "inline-flex h-10 items-center gap-2 rounded-full border px-4 text-sm font-medium max-sm:h-11",
                onBrand
                  ? "border-current hover:bg-on-tenant hover:text-tenant"
                  : "border-zinc-300 hover:border-zinc-500 dark:border-zinc-700 dark:hover:border-zinc-400",
              )}
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
  const name = pickText(company.landingName, locale);
  const intro = pickText(company.landingDescription, locale);
  const description = pickText(company.description, locale);
  const automatic = [name, intro, description].some((text) => text?.automatic);
  const title = (className: string) =>
    name ? (
      <TranslatedText as="h1" shown={name} className={className} />
    ) : (
      <h1 className={className}>{company.name}</h1>
    );
  const note = (className?: string) =>
    automatic && <TranslationNote originalLang={company.sourceLocale} className={className} />;
  const byEvents = company.displayMode === "events";

  const style = templateStyle(company.template);
  const promotion = company.promotionUrl && (
    <a
      href={company.promotionUrl}
      rel="noopener"
      target="_blank"
      className={cn(
        "inline-flex h-11 items-center justify-center gap-2 self-center rounded-lg px-5 font-medium",
        style.layout === "stage" ? "bg-on-tenant text-tenant hover:underline" : primaryAction,
        style.layout === "grid" && "sm:self-start",
      )}
    >
      <Megaphone aria-hidden className="size-4" />
      {t("promotion")}
    </a>
  );

  return (
    <TranslationScope>
      {style.layout === "grid" && (
        <section className="border-b border-zinc-200 bg-zinc-50 px-4 py-10 sm:px-6 sm:py-14 dark:border-zinc-800 dark:bg-ink-800">
          <div className="mx-auto flex max-w-6xl flex-col items-center gap-6 text-center sm:flex-row sm:items-start sm:text-left">
            <CompanyLogo company={company} decorative={false} className="size-24 text-4xl sm:size-28" />
            <div className="flex min-w-0 flex-col gap-4">
              {title(style.title)}
              {intro && <TranslatedText shown={intro} className="text-lg text-zinc-700 dark:text-zinc-300" />}
              {description && (
                <TranslatedText shown={description} className="text-zinc-600 dark:text-zinc-400" />
              )}
              {note()}
              <ContactLinks company={company} />
              {promotion}
            </div>
          </div>
        </section>
      )}
      {style.layout === "magazine" && (
        <section className="px-5 py-12 sm:px-8 sm:py-16">
          <div className="mx-auto flex max-w-3xl flex-col items-center gap-5 text-center">
            {title(style.title)}
            {intro && (
              <TranslatedText shown={intro} className="text-xl text-zinc-700 italic dark:text-zinc-300" />
            )}
            {description && (
              <TranslatedText
                shown={description}
                className="text-lg leading-relaxed text-zinc-700 dark:text-zinc-300"
              />
            )}
            {note()}
            <ContactLinks company={company} />
            {promotion}
          </div>
        </section>
      )}
      {style.layout === "stage" && (
        <section className="bg-tenant px-4 py-14 text-on-tenant sm:px-8 sm:py-20">
          <div className="flex flex-col items-start gap-6">
            <CompanyLogo company={company} decorative={false} className="size-20 rounded-none text-4xl" />
            {title(style.title)}
            {intro && <TranslatedText shown={intro} className="max-w-3xl text-xl font-semibold" />}
            {description && <TranslatedText shown={description} className="max-w-3xl" />}
            {note("text-sm")}
            <ContactLinks company={company} onBrand />
            {promotion}
          </div>
        </section>
      )}

      <div
        id="landing-items"
        className={cn("flex flex-col gap-10", style.container, style.layout === "stage" ? "pb-10" : "py-10")}
      >
        <div className={cn(style.inset, style.layout === "stage" && "pt-6")}>
          <FilterBar targetId="landing-items" />
        </div>

        <section
          data-filter-section={(byEvents ? data.events.length : data.galleries.length) > 0 ? "" : undefined}
          aria-labelledby="landing-main-title"
        >
          <h2 id="landing-main-title" className={cn(style.heading, style.inset)}>
            {byEvents ? t("eventsTitle") : t("galleriesTitle")}
          </h2>
          {(byEvents ? data.events.length : data.galleries.length) === 0 ? (
            <p className={cn("mt-4 text-zinc-600 dark:text-zinc-400", style.inset)}>
              {byEvents ? t("noEvents") : t("noGalleries")}
            </p>
          ) : (
            <ul className={cn("mt-6", style.list)}>
              {byEvents
                ? data.events.map((event) => (
                    <EventCard
                      key={event.id}
                      event={event}
                      href={links.event(event.slug)}
                      locale={locale}
                      style={style}
                    />
                  ))
                : data.galleries.map((content) => (
                    <ContentCard
                      key={content.id}
                      content={content}
                      href={links.player(content.id)}
                      locale={locale}
                      style={style}
                    />
                  ))}
            </ul>
          )}
        </section>

        {data.resources.length > 0 && (
          <section data-filter-section aria-labelledby="landing-resources-title">
            <h2 id="landing-resources-title" className={cn(style.heading, style.inset)}>
              {t("resourcesTitle")}
            </h2>
            <ul className={cn("mt-6", style.list)}>
              {data.resources.map((content) => (
                <ContentCard
                  key={content.id}
                  content={content}
                  href={links.player(content.id)}
                  locale={locale}
                  style={style}
                />
              ))}
            </ul>
          </section>
        )}

        <p
          data-filter-empty
          hidden
          className={cn(
            "rounded-2xl border border-dashed border-zinc-300 p-8 text-center text-zinc-600 dark:border-zinc-700 dark:text-zinc-400",
            style.layout === "stage" && "mx-4 sm:mx-8",
          )}
        >
          {t("filterEmpty")}
        </p>
      </div>
    </TranslationScope>
  );
}
