"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { FILTER_KINDS, type FilterKind } from "@/lib/surfaces/public-site/types";
import { cx } from "@/lib/core/join-classes";

type Filter = "all" | FilterKind;
/** URL values: `?filter=photos|videos|audios` (spec §2: a filtered view can be shared). */
const PARAM = "filter";
const toParam: Record<FilterKind, string> = { photo: "photos", video: "videos", audio: "audios" };
const fromParam = (value: string | null): Filter => FILTER_KINDS.find((k) => toParam[k] === value) ?? "all";

/**
 * Filters All / Photos / Videos / Audios over the server-rendered cards inside `#{targetId}`
 * (each card lists its kinds in `data-kinds`). The page stays one cached page: the filter
 * lives in the query string and is applied in the browser; sections left empty are hidden
 * and an empty message is shown when nothing matches.
 */
export function FilterBar({ targetId }: { targetId: string }) {
  const t = useTranslations("gallery");
  const [filter, setFilter] = useState<Filter>("all");

  useEffect(() => {
    // The query string is only known in the browser (the page is cached for everyone).
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setFilter(fromParam(new URLSearchParams(window.location.search).get(PARAM)));
    const onPop = () => setFilter(fromParam(new URLSearchParams(window.location.search).get(PARAM)));
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, []);

  useEffect(() => {
    const root = document.getElementById(targetId);
    if (!root) return;
    let shown = 0;
    root.querySelectorAll<HTMLElement>("[data-kinds]").forEach((item) => {
      const visible = filter === "all" || (item.dataset.kinds ?? "").split(" ").includes(filter);
      item.hidden = !visible;
      if (visible) shown++;
    });
    root.querySelectorAll<HTMLElement>("[data-filter-section]").forEach((section) => {
      section.hidden = !section.querySelector("[data-kinds]:not([hidden])");
    });
    const empty = root.querySelector<HTMLElement>("[data-filter-empty]");
    if (empty) empty.hidden = shown > 0;
  }, [filter, targetId]);

  const choose = (next: Filter) => {
    setFilter(next);
    const url = new URL(window.location.href);
    if (next === "all") url.searchParams.delete(PARAM);
    else url.searchParams.set(PARAM, toParam[next]);
    window.history.replaceState(window.history.state, "", url);
  };

  const options: { value: Filter; label: string }[] = [
    { value: "all", label: t("filterAll") },
    { value: "photo", label: t("filterPhotos") },
    { value: "video", label: t("filterVideos") },
    { value: "audio", label: t("filterAudios") },
  ];
  return (
    <div role="group" aria-label={t("filterLabel")} className="flex flex-wrap gap-2">
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={filter === option.value}
          onClick={() => choose(option.value)}
          className={cx(
            "h-10 rounded-full border px-4 text-sm font-medium transition-colors max-sm:h-11",
            filter === option.value
              ? "border-zinc-900 bg-zinc-900 text-white dark:border-white dark:bg-white dark:text-zinc-900"
              : "border-zinc-300 hover:border-zinc-500 dark:border-zinc-700 dark:hover:border-zinc-400",
          )}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
