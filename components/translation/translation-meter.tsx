import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { ProgressBar } from "@/components/uploads/progress-bar";
import type { CompanyTranslationMeter } from "@/lib/features/translation/metering";

/**
 * Settings → Languages: the automatic-translation characters used this month against the
 * plan's allowance, when it starts again, and what happens once it is used up.
 */
export async function TranslationMeter({ meter }: { meter: CompanyTranslationMeter }) {
  const [t, tPlans, format] = await Promise.all([
    getTranslations("settings.languages.meter"),
    getTranslations("plans"),
    getFormatter(),
  ]);
  const date = format.dateTime(new Date(meter.resetsAt), { dateStyle: "long", timeZone: "UTC" });
  const used = t("used", { used: format.number(meter.used), allowance: format.number(meter.allowance) });
  const tone = meter.exhausted || meter.percent >= 95 ? "danger" : meter.percent >= 80 ? "muted" : "brand";
  return (
    <section
      aria-labelledby="translation-meter-heading"
      data-testid="translation-meter"
      data-exhausted={meter.exhausted}
      className="flex max-w-2xl flex-col gap-2 rounded-xl border border-zinc-200 p-4 dark:border-zinc-700"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <h2 id="translation-meter-heading" className="font-medium">
          {t("heading")}
        </h2>
        <span data-testid="translation-meter-used">{used}</span>
      </div>
      <ProgressBar value={meter.percent} label={t("label")} valueText={used} tone={tone} />
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        {t("plan", { plan: tPlans(`names.${meter.plan}`) })}
      </p>
      {meter.exhausted ? (
        <div
          data-testid="translation-meter-exhausted"
          className="flex flex-col gap-1 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50"
        >
          <p>{t("exhausted", { date })}</p>
          {meter.waiting > 0 && <p>{t("waiting", { count: meter.waiting })}</p>}
          {meter.canGrow && (
            <Link href="/admin/subscription" className="self-start font-semibold underline">
              {t("upgrade")}
            </Link>
          )}
        </div>
      ) : (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{t("resets", { date })}</p>
      )}
    </section>
  );
}
