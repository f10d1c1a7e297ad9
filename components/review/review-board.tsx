"use client";

import { Check, X } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { Field } from "@/components/ui/field";
import { Textarea } from "@/components/ui/input";
import { fetchJson } from "@/lib/core/http/fetch-json";
import { cx } from "@/lib/core/join-classes";

type Decision = "approved" | "rejected" | null;

interface Photo {
  id: string;
  width: number | null;
  height: number | null;
  decision: Decision;
  note: string | null;
}

interface Saved {
  mediaId: string;
  decision: Decision;
  note: string | null;
  approvals: number;
}

/**
 * The reviewer's board (issue #36): every photo of the draft, marked, with Approve and Reject
 * (toggles: pressing the pressed one takes the word back) and a note; the running count against
 * the organiser's minimum and maximum, and "Mark review done" once within them. Every change is
 * saved as it is made; a refusal (over the maximum, past the deadline) is said next to the photo.
 */
export function ReviewBoard({
  token,
  photos: initial,
  message,
  deadline,
  minApprovals,
  maxApprovals,
  done: initiallyDone,
}: {
  token: string;
  photos: Photo[];
  message: string | null;
  deadline: string | null;
  minApprovals: number | null;
  maxApprovals: number | null;
  done: boolean;
}) {
  const t = useTranslations("review.page");
  const tAll = useTranslations();
  const format = useFormatter();
  const [photos, setPhotos] = useState(initial);
  const [done, setDone] = useState(initiallyDone);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [finishError, setFinishError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const base = `/api/review/${encodeURIComponent(token)}`;
  const approvals = photos.filter((p) => p.decision === "approved").length;
  const rejections = photos.filter((p) => p.decision === "rejected").length;

  async function save(photo: Photo, change: { decision?: Decision; note?: string }): Promise<boolean> {
    setBusy(photo.id);
    const result = await fetchJson<Saved>(`${base}/decision`, {
      method: "POST",
      json: { mediaId: photo.id, ...change },
    });
    setBusy(null);
    if (!result.ok) {
      const text = result.error ? tAll(result.error.messageKey, result.error.values) : t("offline");
      setErrors((all) => ({ ...all, [photo.id]: text }));
      return false;
    }
    setErrors(({ [photo.id]: _cleared, ...rest }) => rest);
    setPhotos((all) =>
      all.map((p) =>
        p.id === photo.id ? { ...p, decision: result.data.decision, note: result.data.note } : p,
      ),
    );
    return true;
  }

  const bounds =
    minApprovals !== null && maxApprovals !== null
      ? t("boundsBoth", { min: minApprovals, max: maxApprovals })
      : minApprovals !== null
        ? t("boundsMin", { min: minApprovals })
        : maxApprovals !== null
          ? t("boundsMax", { max: maxApprovals })
          : null;

  return (
    <div className="flex flex-col gap-6">
      {message && (
        <blockquote className="border-l-4 border-brand-600 pl-4 whitespace-pre-line text-zinc-700 dark:text-zinc-300">
          {message}
        </blockquote>
      )}
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        {t("instructions")} {bounds}{" "}
        {deadline &&
          t("deadline", {
            date: format.dateTime(new Date(deadline), { dateStyle: "long", timeStyle: "short" }),
          })}
      </p>

      <div
        className="sticky top-0 z-10 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-zinc-200 bg-white/95 p-3 dark:border-zinc-700 dark:bg-ink-800/95"
        aria-live="polite"
      >
        <p data-testid="review-counts" className="text-sm font-medium">
          {t("counts", { approved: approvals, rejected: rejections, total: photos.length })}
        </p>
        {done ? (
          <p className="text-sm font-semibold text-emerald-700 dark:text-emerald-400">{t("doneNotice")}</p>
        ) : (
          <ConfirmButton
            variant="primary"
            size="sm"
            title={t("finishTitle")}
            message={t("finishMessage", { approved: approvals, total: photos.length })}
            confirmLabel={t("finishConfirm")}
            onConfirm={async () => {
              const result = await fetchJson<{ approvals: number }>(`${base}/done`, { method: "POST" });
              if (!result.ok) {
                setFinishError(
                  result.error ? tAll(result.error.messageKey, result.error.values) : t("offline"),
                );
                return;
              }
              setFinishError(null);
              setDone(true);
            }}
          >
            {t("finish")}
          </ConfirmButton>
        )}
        {finishError && (
          <p role="alert" className="w-full text-sm text-red-700 dark:text-red-400">
            {finishError}
          </p>
        )}
      </div>

      <ol className="grid gap-6 sm:grid-cols-2">
        {photos.map((photo, index) => {
          const label = t("photoLabel", { n: index + 1, total: photos.length });
          return (
            <li
              key={photo.id}
              data-testid="review-photo"
              data-decision={photo.decision ?? "none"}
              className={cx(
                "flex flex-col gap-3 rounded-xl border p-3",
                photo.decision === "approved"
                  ? "border-emerald-600"
                  : photo.decision === "rejected"
                    ? "border-red-600"
                    : "border-zinc-200 dark:border-zinc-700",
              )}
            >
              {/* eslint-disable-next-line @next/next/no-img-element -- a marked preview made per reviewer, not an optimisable asset */}
              <img
                src={`${base}/photo/${photo.id}`}
                alt={label}
                width={photo.width ?? undefined}
                height={photo.height ?? undefined}
                loading={index < 4 ? "eager" : "lazy"}
                className="h-auto w-full rounded-lg bg-zinc-100 dark:bg-zinc-800"
              />
              <div className="flex gap-2" role="group" aria-label={label}>
                <Button
                  type="button"
                  size="sm"
                  variant={photo.decision === "approved" ? "primary" : "secondary"}
                  aria-pressed={photo.decision === "approved"}
                  disabled={done || busy === photo.id}
                  onClick={() => save(photo, { decision: photo.decision === "approved" ? null : "approved" })}
                >
                  <Check aria-hidden className="size-4" />
                  {t("approve")}
                </Button>
                <Button
                  type="button"
                  size="sm"
                  variant={photo.decision === "rejected" ? "danger" : "secondary"}
                  aria-pressed={photo.decision === "rejected"}
                  disabled={done || busy === photo.id}
                  onClick={() => save(photo, { decision: photo.decision === "rejected" ? null : "rejected" })}
                >
                  <X aria-hidden className="size-4" />
                  {t("reject")}
                </Button>
              </div>
              <NoteField
                label={t("noteLabel", { n: index + 1 })}
                saveLabel={t("saveNote")}
                savedLabel={t("noteSaved")}
                initial={photo.note ?? ""}
                disabled={done}
                onSave={(note) => save(photo, { note })}
              />
              {errors[photo.id] && (
                <p role="alert" className="text-sm text-red-700 dark:text-red-400">
                  {errors[photo.id]}
                </p>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/** A photo's note: kept as typed until saved (a refusal loses nothing). */
function NoteField({
  label,
  saveLabel,
  savedLabel,
  initial,
  disabled,
  onSave,
}: {
  label: string;
  saveLabel: string;
  savedLabel: string;
  initial: string;
  disabled: boolean;
  onSave: (note: string) => Promise<boolean>;
}) {
  const [value, setValue] = useState(initial);
  const [saved, setSaved] = useState(initial);
  return (
    <div className="flex flex-col gap-2">
      <Field label={label}>
        <Textarea
          rows={2}
          maxLength={1000}
          value={value}
          disabled={disabled}
          onChange={(e) => setValue(e.target.value)}
        />
      </Field>
      {!disabled && (
        <div className="flex items-center gap-3">
          <Button
            type="button"
            size="sm"
            variant="secondary"
            disabled={value === saved}
            onClick={async () => {
              if (await onSave(value)) setSaved(value);
            }}
          >
            {saveLabel}
          </Button>
          {value === saved && saved !== "" && (
            <span className="text-xs text-zinc-500 dark:text-zinc-400">{savedLabel}</span>
          )}
        </div>
      )}
    </div>
  );
}
