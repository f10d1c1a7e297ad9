"use client";

import { AlertCircle, CheckCircle2, RotateCcw, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useSyncExternalStore } from "react";
import { Button } from "@/components/ui/button";
import { ProgressBar } from "@/components/uploads/progress-bar";
import { useUploads } from "@/components/uploads/upload-provider";
import type { UploadItem } from "@/components/uploads/upload-engine";
import { formatBytes } from "@/lib/core/format";

const noopSubscribe = () => () => undefined;
const percent = (loaded: number, total: number) => (total > 0 ? (loaded / total) * 100 : 100);

/**
 * Per-file and overall progress of the uploads matching `filter`, with cancel and retry,
 * and the uploads a reload interrupted (add the same files again to resume them).
 */
export function UploadList({ filter }: { filter?: (item: UploadItem) => boolean }) {
  const t = useTranslations("uploads");
  const tAll = useTranslations();
  const { engine, items } = useUploads();
  const shown = items.filter((i) => i.status !== "cancelled" && (!filter || filter(i)));
  const overall = engine.progress(filter);
  // A failed file still counts in the overall figure (issue #18): with failures the bar never
  // reads a green 100 %, it reads partial, in red, with how many failed.
  const failed = shown.filter((i) => i.status === "error");
  const overallTotal = overall.total + failed.reduce((sum, i) => sum + i.total, 0);
  const overallLoaded = overall.loaded + failed.reduce((sum, i) => sum + i.loaded, 0);
  const overallState = overall.active ? "active" : failed.length > 0 ? "partial" : "done";
  // Saved uploads live in localStorage: read them only once mounted (the server has none).
  const mounted = useSyncExternalStore(
    noopSubscribe,
    () => true,
    () => false,
  );
  const interrupted = mounted ? engine.interrupted() : [];
  const finished = shown.filter((i) => i.status === "done" || i.status === "error").length;

  if (shown.length === 0 && interrupted.length === 0) return null;

  return (
    <section
      aria-label={t("listLabel")}
      className="flex flex-col gap-3 rounded-xl border border-zinc-200 p-4 dark:border-zinc-700"
    >
      {interrupted.length > 0 && (
        <div
          role="status"
          className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-200"
        >
          <p className="font-medium">{t("interruptedTitle")}</p>
          <p className="mt-1">{t("interruptedHint")}</p>
          <ul className="mt-2 flex flex-col gap-1">
            {interrupted.map((s) => (
              <li key={s.fingerprint} className="flex items-center justify-between gap-2">
                <span>
                  {s.fileName} · {Math.round(percent(Object.keys(s.parts).length * s.partSize, s.size))}% ·{" "}
                  {formatBytes(s.size)}
                </span>
                <Button variant="ghost" size="sm" onClick={() => void engine.discard(s.fingerprint)}>
                  {t("discard")}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}

      {shown.length > 0 && (
        <div className="flex flex-col gap-1" data-testid="overall" data-state={overallState}>
          <div className="flex items-center justify-between text-sm">
            <span className="font-medium">{t("overall")}</span>
            <span data-testid="overall-progress">
              {Math.floor(percent(overallLoaded, overallTotal))}%
              {failed.length > 0 && (
                <span
                  className="ml-2 font-medium text-red-700 dark:text-red-400"
                  data-testid="overall-failed"
                >
                  {t("filesFailed", { count: failed.length })}
                </span>
              )}
            </span>
          </div>
          <ProgressBar
            // Floored like the figure beside it: a small failed file must not round the bar to 100.
            value={Math.floor(percent(overallLoaded, overallTotal))}
            label={t("overall")}
            tone={overallState === "active" ? "brand" : overallState === "partial" ? "danger" : "success"}
          />
          <div className="flex items-center justify-between text-xs text-zinc-500">
            <span>
              {t("filesDone", { done: shown.filter((i) => i.status === "done").length, total: shown.length })}
            </span>
            {finished > 0 && !overall.active && (
              <button type="button" className="underline" onClick={() => engine.clearFinished()}>
                {t("clearFinished")}
              </button>
            )}
          </div>
        </div>
      )}

      <ul className="flex max-h-96 flex-col gap-2 overflow-y-auto">
        {shown.map((item) => (
          <li
            key={item.key}
            className="flex flex-col gap-1"
            data-testid="upload-item"
            data-status={item.status}
          >
            <div className="flex items-center justify-between gap-2 text-sm">
              <span className="flex min-w-0 items-center gap-1.5">
                {item.status === "done" && (
                  <CheckCircle2 aria-hidden className="size-4 shrink-0 text-emerald-600" />
                )}
                {item.status === "error" && (
                  <AlertCircle aria-hidden className="size-4 shrink-0 text-red-600" />
                )}
                <span className="truncate">{item.file.name}</span>
                <span className="shrink-0 text-xs text-zinc-500">{formatBytes(item.total)}</span>
              </span>
              <span className="flex shrink-0 items-center gap-1 text-xs text-zinc-500">
                {item.resumed && <span>{t("resumed")} · </span>}
                <span>{t(`status.${item.status}`)}</span>
                {item.status === "error" && item.canRetry && (
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => engine.retry(item.key)}
                    aria-label={t("retryFile", { name: item.file.name })}
                  >
                    <RotateCcw aria-hidden className="size-4" />
                  </Button>
                )}
                {(item.status === "queued" || item.status === "uploading" || item.status === "error") && (
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => void engine.cancel(item.key)}
                    aria-label={t("cancelFile", { name: item.file.name })}
                  >
                    <X aria-hidden className="size-4" />
                  </Button>
                )}
              </span>
            </div>
            <ProgressBar
              value={item.status === "done" ? 100 : percent(item.loaded, item.total)}
              label={t("fileProgress", { name: item.file.name })}
              tone={item.status === "error" ? "danger" : item.status === "done" ? "success" : "brand"}
            />
            {item.error && (
              <p role="alert" className="text-xs text-red-600 dark:text-red-400">
                {tAll(item.error.message, item.error.values)}
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
