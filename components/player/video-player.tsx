"use client";

import { Play } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { useReportCurrentMedia } from "@/components/engagement/engagement-provider";
import { useWatchTime } from "@/components/engagement/use-watch-time";
import { PreloadImage } from "@/components/ui/preload-image";
import { formatDuration } from "@/lib/core/format";
import type { PublicMedia } from "@/lib/surfaces/public-site/types";
import { cx } from "@/lib/core/join-classes";

/**
 * The player's video player, with a list when the content holds several videos. It streams a
 * rendition (`video.streams`: 720p first, 1080p as a choice; the original only when there is no
 * rendition and no lead gate), which the browser reads with range requests; the poster shows
 * before play. Choosing another quality keeps the position.
 *
 * Nothing of the video is fetched before the fan asks for it (`preload="none"`): on a phone
 * on a festival's mobile network the poster, the page's largest paint, then has the line to
 * itself, and a fan who only scrolls past spends no data on it. Once the fan has played or
 * seeked (the first `loadedmetadata`), a rendition chosen later loads its metadata at once, so
 * the position can be restored.
 */
export function VideoPlayer({ videos, title }: { videos: PublicMedia[]; title: string }) {
  const t = useTranslations("player.stream");
  const tp = useTranslations("player");
  const [index, setIndex] = useState(0);
  const [quality, setQuality] = useState(0);
  const [failed, setFailed] = useState<string | null>(null);
  const [engaged, setEngaged] = useState(false);
  const element = useRef<HTMLVideoElement>(null);
  const resumeAt = useRef<{ time: number; play: boolean } | null>(null);
  const video = videos[index];
  const watchTime = useWatchTime();
  useReportCurrentMedia(video?.id);
  const stream = video?.streams[Math.min(quality, (video?.streams.length ?? 1) - 1)];
  if (!video || !stream) return null;
  const qualities = video.streams.filter((s) => s.height !== null);
  const chooseQuality = (next: number) => {
    const el = element.current;
    if (el) resumeAt.current = { time: el.currentTime, play: !el.paused };
    setQuality(next);
  };
  return (
    <div className="flex flex-col gap-3">
      {/* The poster is the page's largest paint: fetched from the top of the head. */}
      {video.posterUrl && <PreloadImage href={video.posterUrl} />}
      {/* The poster's blur placeholder (as behind a photo) until the poster itself has arrived. */}
      <div
        className="overflow-hidden rounded-2xl bg-black bg-cover bg-center"
        style={
          video.image?.blurDataUrl ? { backgroundImage: `url("${video.image.blurDataUrl}")` } : undefined
        }
      >
        {failed === video.id ? (
          <p
            role="alert"
            className="flex aspect-video items-center justify-center p-6 text-center text-white"
          >
            {tp("videoError")}
          </p>
        ) : (
          <video
            key={video.id}
            ref={element}
            controls
            playsInline
            preload={engaged ? "metadata" : "none"}
            poster={video.posterUrl ?? undefined}
            aria-label={
              videos.length > 1 ? tp("videoOf", { title, index: index + 1, total: videos.length }) : title
            }
            onError={() => setFailed(video.id)}
            {...watchTime}
            onLoadedMetadata={(e) => {
              setEngaged(true);
              const resume = resumeAt.current;
              resumeAt.current = null;
              if (!resume) return;
              e.currentTarget.currentTime = resume.time;
              if (resume.play) void e.currentTarget.play().catch(() => undefined);
            }}
            src={stream.url}
            className="aspect-video w-full"
          />
        )}
      </div>
      {qualities.length > 1 && failed !== video.id && (
        <label className="inline-flex items-center gap-2 self-end text-sm">
          {t("quality")}
          <select
            value={quality}
            onChange={(e) => chooseQuality(Number(e.currentTarget.value))}
            className="min-h-11 rounded-lg border border-zinc-300 bg-white px-3 dark:border-zinc-700 dark:bg-ink-900"
          >
            {video.streams.map((s, i) =>
              s.height === null ? null : (
                <option key={s.url} value={i}>
                  {t("height", { height: s.height })}
                </option>
              ),
            )}
          </select>
        </label>
      )}
      {videos.length > 1 && (
        <ol className="flex flex-col gap-2" aria-label={tp("playlist")}>
          {videos.map((v, i) => (
            <li key={v.id}>
              <button
                type="button"
                onClick={() => {
                  setIndex(i);
                  setQuality(0);
                }}
                aria-current={i === index ? "true" : undefined}
                className={cx(
                  "flex w-full items-center gap-3 rounded-xl border px-4 py-3 text-left",
                  i === index
                    ? "border-tenant bg-tenant/10 dark:bg-ink-800"
                    : "border-zinc-200 hover:border-zinc-400 dark:border-zinc-800",
                )}
              >
                <Play aria-hidden className="size-4 shrink-0" />
                <span className="flex-1">{tp("videoOf", { title, index: i + 1, total: videos.length })}</span>
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
