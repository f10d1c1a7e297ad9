import { getTranslations } from "next-intl/server";
import { PageMessages } from "@/components/i18n/page-messages";
import { UnlockForm } from "@/components/player/unlock-form";
import { StatusView } from "@/components/public/status-view";
import { TenantShell } from "@/components/public/tenant-shell";
import type { TenantLinks } from "@/lib/platform/site/links";
import type { ClosedPlayerPage } from "@/lib/surfaces/public-site/types";

/**
 * A gallery that does not open for this browser (issue #36), in the company's brand: a password
 * gallery asks for its password; an expired one says it is no longer available and leads to the
 * company's page. Nothing of the gallery itself is on the page (no title, no photo).
 */
export async function ClosedGallery({ data, links }: { data: ClosedPlayerPage; links: TenantLinks }) {
  const t = await getTranslations("player.protected");
  const home = { href: links.home, label: t("backHome", { company: data.company.name }) };
  return (
    <PageMessages page="player">
      <TenantShell company={data.company} links={links}>
        {data.state === "locked" ? (
          <StatusView title={t("lockedTitle")} message={t("lockedMessage")} action={home}>
            <UnlockForm contentId={data.contentId} />
          </StatusView>
        ) : (
          <StatusView title={t("expiredTitle")} message={t("expiredMessage")} action={home} />
        )}
      </TenantShell>
    </PageMessages>
  );
}
