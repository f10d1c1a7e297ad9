import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { QrCodeManager } from "@/components/share/qr-code-manager";
import { CopyButton } from "@/components/ui/copy-button";
import { getPlanSummary } from "@/lib/features/billing/overview";
import { planAllows } from "@/lib/platform/plans/gate";
import { itemShortCode } from "@/lib/features/short-links/item-link";
import { shortLinkOrigin, shortLinkUrl } from "@/lib/features/short-links/origin";
import { listQrCodes } from "@/lib/features/short-links/qr-codes";
import type { QrItem } from "@/lib/features/short-links/schemas";
import type { Membership } from "@/lib/platform/tenancy/membership";

const frame = "flex flex-col gap-3 rounded-xl border border-zinc-200 p-4 dark:border-zinc-700";

/**
 * The labelled QR codes of an event or a content item (edit pages): create, download at print
 * sizes, scans, delete. On a plan without QR codes (Starter), a pointer to the plans instead of
 * the form (the create action refuses too); codes made before (a trial, a downgrade) stay
 * listed, downloadable and deletable. Above them, on every plan, the item's
 * own short link. The page has loaded the item through the guard (scoped to the company).
 */
export async function QrCodesPanel({ membership, item }: { membership: Membership; item: QrItem }) {
  const companyId = membership.company.id;
  const [t, { plan }, code, origin] = await Promise.all([
    getTranslations("shortLinks"),
    getPlanSummary(companyId),
    itemShortCode(companyId, item),
    shortLinkOrigin(companyId),
  ]);
  const url = shortLinkUrl(origin, code);
  return (
    <div className="flex flex-col gap-4">
      <section aria-labelledby="short-link-heading" className={frame}>
        <h2 id="short-link-heading" className="font-semibold">
          {t("link.title")}
        </h2>
        <p className="text-xs break-all text-zinc-600 dark:text-zinc-400" data-testid="short-link">
          {url}
        </p>
        <div>
          <CopyButton value={url} what={t("link.what")} />
        </div>
      </section>
      <QrCodes membership={membership} item={item} allowed={planAllows(plan, "qrCodes")} />
    </div>
  );
}

async function QrCodes({
  membership,
  item,
  allowed,
}: {
  membership: Membership;
  item: QrItem;
  allowed: boolean;
}) {
  const t = await getTranslations("shortLinks.qr");
  // Codes made on an earlier plan (or in the trial) stay listed, downloadable and deletable.
  const codes = await listQrCodes(membership, item);
  if (!allowed && codes.length === 0) {
    return (
      <section aria-labelledby="qr-codes-heading" data-testid="qr-locked" className={frame}>
        <h2 id="qr-codes-heading" className="font-semibold">
          {t("title")}
        </h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("locked")}</p>
        <UpgradeLink label={t("upgrade")} />
      </section>
    );
  }
  return (
    <section aria-labelledby="qr-codes-heading" data-testid="qr-codes" className={frame}>
      <h2 id="qr-codes-heading" className="font-semibold">
        {t("title")}
      </h2>
      {allowed ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("lead")}</p>
      ) : (
        <div className="flex flex-col gap-1" data-testid="qr-locked">
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("lockedKept")}</p>
          <UpgradeLink label={t("upgrade")} />
        </div>
      )}
      <QrCodeManager item={item} codes={codes} canCreate={allowed} />
    </section>
  );
}

function UpgradeLink({ label }: { label: string }) {
  return (
    <Link
      href="/admin/subscription"
      className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-400"
    >
      {label}
    </Link>
  );
}
