"use client";

import { Play } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useReportCurrentMedia } from "@/components/player/engagement/engagement-provider";
import { useWatchTime } from "@/components/player/engagement/use-watch-time";
import { formatDuration } from "@/lib/media/format";
import type { PublicMedia } from "@/lib/public/types";
import { cn } from "@/lib/utils";

/** The player's video player, with a list when the content holds several videos. */
export function VideoPlayer({ videos, title }: { videos: PublicMedia[]; title: string }) {
  const t = useTranslations("player");
  const [index, setIndex] = useState(0);
  const [failed, setFailed] = useState<string | null>(null);
  const video = videos[index];
  const watchTime = useWatchTime();
  useReportCurrentMedia(video?.id);
  if (!video?.originalUrl) return null;
  return (
    <div className="flex flex-col gap-3">
      <div className="overflow-hidden rounded-2xl bg-black">
        {failed === video.id ? (
          <p
            role="alert"
            className="flex aspect-video items-center justify-center p-6 text-center text-white"
          >
            {t("videoError")}
          </p>
        ) : (
          <video
            key={video.id}
            controls
            playsInline
            preload="metadata"
            poster={video.posterUrl ?? undefined}
            aria-label={
              videos.length > 1 ? t("videoOf", { title, index: index + 1, total: videos.length }) : title
            }
            onError={() => setFailed(video.id)}
            {...watchTime}
            src={video.originalUrl}
            className="aspect-video w-full"
          />
        )}
      </div>
      {videos.length > 1 && (
        <ol className="flex flex-col gap-2" aria-label={t("playlist")}>
          {videos.map((v, i) => (
            <li key={v.id}>
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-current={i === index ? "true" : undefined}
                className={cn(
                  "flex w-full items-center gap-3 rounded-xl border px-4 py-3 text-left",
                  i === index
                    ? "border-tenant bg-tenant/10 dark:bg-ink-800"
                    : "border-zinc-200 hover:border-zinc-400 dark:border-zinc-800",
                )}
              >
                <Play aria-hidden className="size-4 shrink-0" />
                <span className="flex-1">{t("videoOf", { title, index: i + 1, total: videos.length })}</span>
                {formatDuration(v.durationMs) && (
                  <span className="text-sm text-zinc-500 tabular-nums dark:text-zinc-400">
                    {formatDuration(v.durationMs)}
                  </span>
                )}
              </button>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
