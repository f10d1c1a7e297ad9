"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";

/** The plans page (`SUBSCRIPTION_PATH` of lib/platform/plans/gate.ts, which is server code). */
const SUBSCRIPTION_PATH = "/admin/subscription";

/** "Watermarks come with Professional", with the link to the plans (issue #36). */
export function WatermarkPlanNote() {
  const t = useTranslations("watermarks.plan");
  return (
    <div
      role="note"
      className="rounded-xl bg-amber-50 p-4 text-sm text-amber-900 dark:bg-amber-500/10 dark:text-amber-100"
    >
      <p className="font-semibold">{t("title")}</p>
      <p className="mt-1">{t("message")}</p>
      <Link
        href={SUBSCRIPTION_PATH}
        className="mt-2 inline-block font-semibold underline focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        {t("link")}
      </Link>
    </div>
  );
}
