"use client";

import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { useWatchTime } from "@/components/engagement/use-watch-time";
import type { PublicMedia } from "@/lib/surfaces/public-site/types";

/**
 * The player's audio player: the native controls (keyboard and screen-reader friendly) over
 * the track's waveform, which fills as it plays. It streams `track.streams` (never a gated
 * original); the browser fetches it with range requests.
 */
export function AudioPlayer({ track, title }: { track: PublicMedia; title: string }) {
  const t = useTranslations("player");
  const audio = useRef<HTMLAudioElement>(null);
  const [progress, setProgress] = useState(0);
  const [failed, setFailed] = useState(false);
  const watchTime = useWatchTime();
  const peaks = track.waveform ?? [];
  // The AAC rendition when there is one (a WAV original is far too large for a phone).
  const stream = track.streams[0];
  if (!stream) return null;
  const bar = peaks.length > 0 ? 100 / peaks.length : 1;

  return (
    <div className="flex flex-col gap-3">
      {peaks.length > 0 && (
        <svg
          viewBox="0 0 100 40"
          preserveAspectRatio="none"
          aria-hidden
          className="h-24 w-full cursor-pointer"
          onClick={(e) => {
            const el = audio.current;
            if (!el || !Number.isFinite(el.duration)) return;
            const rect = e.currentTarget.getBoundingClientRect();
            el.currentTime = ((e.clientX - rect.left) / rect.width) * el.duration;
          }}
        >
          {peaks.map((peak, i) => {
            const h = Math.max(1.5, peak * 38);
            return (
              <rect
                key={i}
                x={i * bar + bar * 0.15}
                y={20 - h / 2}
                width={bar * 0.7}
                height={h}
                rx={bar * 0.3}
                className={
                  (i + 0.5) * bar <= progress * 100 ? "fill-tenant" : "fill-zinc-300 dark:fill-zinc-600"
                }
              />
            );
          })}
        </svg>
      )}
      {failed ? (
        <p role="alert" className="text-red-600 dark:text-red-400">
          {t("audioError")}
        </p>
      ) : (
        <audio
          ref={audio}
          controls
          preload="metadata"
          aria-label={title}
          {...watchTime}
          onTimeUpdate={(e) => {
            const el = e.currentTarget;
            if (el.duration) setProgress(el.currentTime / el.duration);
            watchTime.onTimeUpdate(e);
          }}
          onError={() => setFailed(true)}
          src={stream.url}
          className="w-full"
        />
      )}
    </div>
  );
}
