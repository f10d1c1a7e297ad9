"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState, useTransition } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { cn } from "@/lib/core/merge-classes";
import { ProgressBar } from "@/components/uploads/progress-bar";
import { WatermarkPlanNote } from "@/components/watermarks/plan-note";
import { galleryWatermarkStatusAction, setGalleryWatermarkAction } from "@/lib/features/watermarks/actions";
import type { GalleryWatermarkStatus } from "@/lib/features/watermarks/queries";

/** How often the page asks how far the background pass is, while it runs. */
const POLL_MS = 1500;

/**
 * A gallery's "Watermark the photos fans see" switch and the progress of the background pass
 * that burns the company's mark into its photos (or takes it off): n of m, a progress bar. The
 * gallery keeps serving the renditions it has until each new one is ready. When the pass gave up
 * (a sponsor logo that cannot be read, or photos that failed pass after pass), it says so, stops
 * asking, and offers to try again.
 */
export function GalleryWatermarkPanel({
  contentId,
  initial,
}: {
  contentId: string;
  initial: GalleryWatermarkStatus;
}) {
  const t = useTranslations("watermarks.gallery");
  const tAll = useTranslations();
  const [status, setStatus] = useState(initial);
  const [pending, startTransition] = useTransition();
  const running = status.done < status.total && !status.failed;

  useEffect(() => {
    if (!running) return;
    const timer = setTimeout(async () => {
      const result = await galleryWatermarkStatusAction(contentId);
      if (result.ok) setStatus(result.data);
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [contentId, running, status]);

  const toggle = (on: boolean) =>
    startTransition(async () => {
      const result = await setGalleryWatermarkAction(contentId, on);
      if (!result.ok) {
        toast.error(tAll(result.message, result.values));
        return;
      }
      const next = await galleryWatermarkStatusAction(contentId);
      setStatus(next.ok ? next.data : { ...status, on, done: 0 });
    });

  const locked = !status.allowed && !status.on;
  const summary =
    status.total === 0
      ? t("noPhotos")
      : status.failed
        ? status.failedPhotos > 0
          ? t("photosFailed", { failed: status.failedPhotos, done: status.done, total: status.total })
          : t("failed", { done: status.done, total: status.total })
        : running
          ? t(status.on ? "marking" : "unmarking", { done: status.done, total: status.total })
          : t(status.on ? "allMarked" : "noneMarked", { total: status.total });

  return (
    <Card className="flex flex-col gap-3">
      {locked && <WatermarkPlanNote />}
      <div className="flex items-start gap-3">
        <input
          id="gallery-watermark-switch"
          type="checkbox"
          role="switch"
          checked={status.on}
          disabled={pending || locked}
          onChange={(event) => toggle(event.target.checked)}
          aria-describedby="gallery-watermark-hint"
          className="mt-1 size-4 accent-brand-600"
        />
        <div>
          <label htmlFor="gallery-watermark-switch" className="block font-medium">
            {t("switch")}
          </label>
          <p id="gallery-watermark-hint" className="text-sm text-zinc-600 dark:text-zinc-400">
            {t("hint")}
          </p>
        </div>
      </div>
      <p
        aria-live="polite"
        className={cn("text-sm", status.failed && "text-red-700 dark:text-red-400")}
        data-testid="gallery-watermark-status"
      >
        {summary}
      </p>
      {status.failed && (
        // Saving the switch again forgets the failure and queues the pass (a store outage is over,
        // or the sponsor logo was fixed): the page polls its progress again.
        <Button
          type="button"
          variant="secondary"
          size="sm"
          className="self-start"
          disabled={pending}
          onClick={() => toggle(status.on)}
        >
          {t("tryAgain")}
        </Button>
      )}
      {status.total > 0 && (running || status.on) && (
        <ProgressBar
          value={(status.done / status.total) * 100}
          label={t("progressLabel")}
          valueText={t("progressValue", { done: status.done, total: status.total })}
          tone={status.failed ? "danger" : running ? "brand" : "success"}
        />
      )}
    </Card>
  );
}
