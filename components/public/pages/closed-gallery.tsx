import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { tenantIcons } from "@/components/public/pages/tenant-pages";
import type { Locale } from "@/lib/core/i18n/config";
import { ogImagePath, shareMetadata } from "@/lib/surfaces/public-site/metadata";
import { PageMessages } from "@/components/i18n/page-messages";
import { UnlockForm } from "@/components/player/unlock-form";
import { StatusView } from "@/components/public/status-view";
import { TenantShell } from "@/components/public/tenant-shell";
import type { TenantLinks } from "@/lib/platform/site/links";
import type { ClosedPlayerPage, LockedEventPage, PublicCompany } from "@/lib/surfaces/public-site/types";

/**
 * A gallery or an event that does not open for this browser (issue #36), in the company's brand:
 * a password gallery asks for its password (or its password event's, for a gallery only password
 * events show), a password event for the event's; an expired gallery says it is no longer
 * available and leads to the company's page. Nothing of the gallery or event itself is on the
 * page (no title, no photo, no description).
 */
export async function ClosedGallery({
  data,
  links,
}: {
  data: ClosedPlayerPage | LockedEventPage;
  links: TenantLinks;
}) {
  const t = await getTranslations("player.protected");
  const home = { href: links.home, label: t("backHome", { company: data.company.name }) };
  return (
    <PageMessages page="player">
      <TenantShell company={data.company} links={links}>
        {"eventId" in data ? (
          <StatusView title={t("eventLockedTitle")} message={t("eventLockedMessage")} action={home}>
            <UnlockForm target={{ kind: "event", id: data.eventId }} />
          </StatusView>
        ) : data.state === "locked" ? (
          <StatusView title={t("lockedTitle")} message={t("lockedMessage")} action={home}>
            <UnlockForm target={data.unlock} />
          </StatusView>
        ) : (
          <StatusView title={t("expiredTitle")} message={t("expiredMessage")} action={home} />
        )}
      </TenantShell>
    </PageMessages>
  );
}

/**
 * A share preview of a closed page (issue #36): a password or expired gallery, a password event.
 * The company's name and image, nothing of the gallery or event; never indexed.
 */
export async function closedPageMetadata(
  company: PublicCompany,
  titleKey: "lockedTitle" | "expiredTitle" | "eventLockedTitle",
  url: string,
  locale: Locale,
): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: "player.protected" });
  const meta = shareMetadata({
    title: `${t(titleKey)} · ${company.name}`,
    description: company.name,
    url,
    image: ogImagePath({ kind: "company", id: company.id, version: company.updatedAt }, locale),
    imageAlt: company.name,
    locale,
    siteName: company.name,
    type: "website",
  });
  return { ...meta, ...tenantIcons(company), robots: { index: false } };
}
