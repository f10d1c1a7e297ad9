"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState, useTransition } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { Field } from "@/components/ui/field";
import { Textarea } from "@/components/ui/input";
import {
  engineErrorKey,
  isHandEdited,
  toneClasses,
  versionBadge,
} from "@/components/translation/review-status";
import type { ActionResult } from "@/lib/core/errors";
import { saveVersionAction, translateAgainAction } from "@/lib/features/translation/actions";
import type { TranslatableEntityName } from "@/lib/features/translation/fields";
import type { FieldVersion } from "@/lib/features/translation/review-types";
import { cn } from "@/lib/core/merge-classes";

/** One locale's version of a field in the review panel: its state, its text, edit and redo. */
export function VersionCard({
  entity,
  entityId,
  field,
  fieldLabel,
  version,
  onAnnounce,
}: {
  entity: TranslatableEntityName;
  entityId: string;
  field: string;
  fieldLabel: string;
  version: FieldVersion;
  onAnnounce: (message: string) => void;
}) {
  const t = useTranslations("settings.languages.review");
  const tRoot = useTranslations();
  const router = useRouter();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(version.text ?? "");
  const [pending, start] = useTransition();
  const nameId = useId();
  const editRef = useRef<HTMLButtonElement>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const language = tRoot(`language.${version.locale}`);
  const badge = versionBadge(version);
  const errorKey = version.status === "failed" ? engineErrorKey(version.error) : null;

  useEffect(() => {
    if (editing) textareaRef.current?.focus();
  }, [editing]);

  /** Runs an action; on success refreshes the server data and says what happened. */
  const run = (call: () => Promise<ActionResult>, success: string) =>
    new Promise<boolean>((resolve) =>
      start(async () => {
        const outcome = await call();
        if (outcome.ok) {
          toast.success(success);
          onAnnounce(success);
          router.refresh();
        } else {
          const message = tRoot(outcome.message, outcome.values);
          toast.error(message);
          onAnnounce(message);
        }
        resolve(outcome.ok);
      }),
    );

  const target = { entity, entityId, field, locale: version.locale };
  const save = async () => {
    const text = draft.trim();
    const ok = await run(
      () => saveVersionAction({ ...target, text }),
      text ? t("savedVersion", { language }) : t("removedVersion", { language }),
    );
    if (ok) setEditing(false);
  };
  const translateAgain = () => run(() => translateAgainAction(target), t("queued", { language }));
  const cancel = () => {
    setEditing(false);
    setDraft(version.text ?? "");
    // The Edit button comes back on the next render: return focus to it then.
    requestAnimationFrame(() => editRef.current?.focus());
  };

  return (
    <div
      role="group"
      aria-labelledby={nameId}
      data-locale={version.locale}
      data-status={version.status}
      aria-busy={pending}
      className="flex h-full flex-col gap-2 rounded-lg bg-white p-3 ring-1 ring-zinc-200 dark:bg-ink-800 dark:ring-zinc-700"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span id={nameId} lang={version.locale} className="text-sm font-semibold">
          {language}
        </span>
        <span
          className={cn("rounded-full px-2 py-0.5 text-xs font-medium", toneClasses[badge.tone])}
          data-testid="version-status"
        >
          {t(`status.${badge.label}`)}
        </span>
      </div>
      {badge.explain && (
        <p className="text-xs text-zinc-700 dark:text-zinc-300">{t(`explain.${badge.explain}`)}</p>
      )}
      {errorKey && (
        <p className="text-xs text-red-700 dark:text-red-300">
          {tRoot.has(errorKey) ? tRoot(errorKey) : t("failedUnknown")}
        </p>
      )}
      {editing ? (
        <div className="flex flex-col gap-2">
          <Field label={t("editLabel", { language, field: fieldLabel })} hint={t("emptyHint")}>
            <Textarea
              ref={textareaRef}
              lang={version.locale}
              rows={4}
              value={draft}
              disabled={pending}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === "Escape") {
                  event.preventDefault();
                  cancel();
                }
              }}
            />
          </Field>
          <div className="flex flex-wrap gap-2">
            <Button type="button" size="sm" disabled={pending} onClick={save}>
              {t("save")}
            </Button>
            <Button type="button" size="sm" variant="secondary" disabled={pending} onClick={cancel}>
              {t("cancel")}
            </Button>
          </div>
        </div>
      ) : (
        <>
          {version.text ? (
            <p
              lang={version.locale}
              className="flex-1 text-sm whitespace-pre-wrap text-zinc-900 dark:text-zinc-100"
            >
              {version.text}
            </p>
          ) : (
            <p className="flex-1 text-sm text-zinc-600 italic dark:text-zinc-400">{t("noText")}</p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button
              ref={editRef}
              type="button"
              size="sm"
              variant="secondary"
              disabled={pending}
              aria-label={t("editAria", { language, field: fieldLabel })}
              onClick={() => {
                // From the latest server data (a refresh may have changed it since the last edit).
                setDraft(version.text ?? "");
                setEditing(true);
              }}
            >
              {t("edit")}
            </Button>
            {isHandEdited(version) ? (
              <ConfirmButton
                title={t("confirmTitle", { language })}
                message={t("confirmMessage")}
                confirmLabel={t("confirmLabel")}
                onConfirm={translateAgain}
                trigger={
                  <Button
                    type="button"
                    size="sm"
                    variant="secondary"
                    disabled={pending}
                    aria-label={t("againAria", { language, field: fieldLabel })}
                  >
                    {t("again")}
                  </Button>
                }
              />
            ) : (
              <Button
                type="button"
                size="sm"
                variant="secondary"
                disabled={pending}
                aria-label={t("againAria", { language, field: fieldLabel })}
                onClick={() => void translateAgain()}
              >
                {t("again")}
              </Button>
            )}
          </div>
        </>
      )}
    </div>
  );
}
