import { getTranslations } from "next-intl/server";
import { ProgressBar } from "@/components/uploads/progress-bar";
import { formatBytes } from "@/lib/core/format";
import type { StorageUsage } from "@/lib/platform/plans/enforce";

/** The plan's storage in use, with the plan's limits (spec §1, §9). */
export async function StorageMeter({ usage }: { usage: StorageUsage }) {
  const t = await getTranslations("plans");
  const tone = usage.percent >= 95 ? "danger" : usage.percent >= 80 ? "muted" : "brand";
  return (
    <section
      aria-label={t("storage")}
      className="flex flex-col gap-2 rounded-xl border border-zinc-200 p-4 dark:border-zinc-700"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <span className="font-medium">
          {t("storage")} · {t(`names.${usage.plan}`)}
        </span>
        <span data-testid="storage-used">
          {t("usedOf", { used: formatBytes(usage.usedBytes), quota: formatBytes(usage.quotaBytes) })}
        </span>
      </div>
      <ProgressBar value={usage.percent} label={t("storage")} tone={tone} />
      <p className="text-xs text-zinc-500 dark:text-zinc-400">
        {usage.photosPerEvent === null
          ? t("limitsUnlimited", { file: formatBytes(usage.mediaFileBytes) })
          : t("limits", { photos: usage.photosPerEvent, file: formatBytes(usage.mediaFileBytes) })}
      </p>
    </section>
  );
}
