"use client";

import { Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";

/** Spec §4 "loading": a spinner and a way out when it takes too long (cancel and retry). */
export default function AdminLoading() {
  const t = useTranslations("admin.loading");
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-[50vh] flex-col items-center justify-center gap-4"
    >
      <Loader2 aria-hidden className="size-8 animate-spin text-brand-600 motion-reduce:animate-none" />
      <p>{t("title")}</p>
      <Button type="button" variant="secondary" size="sm" onClick={() => window.location.reload()}>
        {t("cancelRetry")}
      </Button>
    </div>
  );
}
