"use client";

import { Building2, Trash2, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { Dropzone } from "@/components/uploads/dropzone";
import { ProgressBar } from "@/components/uploads/progress-bar";
import { browserTransport, UploadEngine } from "@/components/uploads/upload-engine";
import { useEngineVersion } from "@/components/uploads/upload-provider";
import { removeLogoAction } from "@/lib/features/brand/actions";

const IMAGE_TYPES = "image/jpeg,image/png,image/gif,image/webp,.jpg,.jpeg,.png,.gif,.webp";

/**
 * The logo, uploaded straight to storage through the upload pipeline (target `company-logo`:
 * verified, processed into EXIF-free renditions). The verified media id goes into the form as
 * `logoMediaId` and becomes the company's logo when the form is saved (as an event's banner);
 * removing the saved logo asks for confirmation and applies at once.
 */
export function LogoField({
  savedUrl,
  onPreview,
  disabled,
}: {
  savedUrl: string | null;
  /** What the live preview shows: a local preview of the picked file, the saved logo, or none. */
  onPreview: (url: string | null) => void;
  disabled?: boolean;
}) {
  const t = useTranslations("settings.branding.logo");
  const tAll = useTranslations();
  const [engine] = useState(() => new UploadEngine({ transport: browserTransport, storage: null }));
  useEngineVersion(engine);
  const [local, setLocal] = useState<string | null>(null);
  const [mediaId, setMediaId] = useState("");
  // Removed at once (confirmed), before the server's next render of `savedUrl`.
  const [removed, setRemoved] = useState(false);
  const saved = removed ? null : savedUrl;
  const item = engine.items().at(-1);

  useEffect(() => () => void (local && URL.revokeObjectURL(local)), [local]);
  useEffect(() => onPreview(local ?? saved), [local, saved, onPreview]);

  const pick = (files: File[]) => {
    const file = files[0];
    if (!file) return;
    for (const old of engine.items()) void engine.cancel(old.key);
    setMediaId("");
    setLocal(URL.createObjectURL(file));
    engine.add([file], { type: "company-logo" }, (done) => {
      if (done.mediaId) setMediaId(done.mediaId);
    });
  };
  const discard = () => {
    for (const old of engine.items()) void engine.cancel(old.key);
    setLocal(null);
    setMediaId("");
  };
  const failed = item?.status === "error";
  const shown = failed ? saved : (local ?? saved);

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">{t("label")}</legend>
      <input type="hidden" name="logoMediaId" value={failed ? "" : mediaId} />
      <div className="flex flex-wrap items-center gap-4">
        {shown ? (
          // eslint-disable-next-line @next/next/no-img-element -- a local preview or a signed URL
          <img
            src={shown}
            alt={t("preview")}
            data-testid="logo-preview"
            className="size-20 rounded-xl bg-zinc-100 object-contain ring-1 ring-zinc-200 dark:bg-zinc-800 dark:ring-zinc-700"
          />
        ) : (
          <span
            aria-hidden
            className="flex size-20 items-center justify-center rounded-xl bg-zinc-100 text-zinc-500 dark:bg-zinc-800 dark:text-zinc-400"
          >
            <Building2 className="size-8" />
          </span>
        )}
        <Dropzone
          onFiles={pick}
          multiple={false}
          accept={IMAGE_TYPES}
          label={shown ? t("replace") : t("choose")}
          hint={t("hint")}
          disabled={disabled}
          className="min-w-60 flex-1 py-4"
        />
      </div>
      {item && item.status !== "done" && item.status !== "cancelled" && (
        <ProgressBar
          value={item.total ? (item.loaded / item.total) * 100 : 0}
          label={tAll("uploads.fileProgress", { name: item.file.name })}
          tone={failed ? "danger" : "brand"}
        />
      )}
      {item?.error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {tAll(item.error.message, item.error.values)}
        </p>
      )}
      {mediaId && !failed && (
        <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
          {t("unsaved")}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {local && (
          <Button type="button" variant="secondary" onClick={discard} disabled={disabled}>
            <X aria-hidden className="size-4" />
            {t("discard")}
          </Button>
        )}
        {saved && !local && (
          <ConfirmButton
            title={t("removeTitle")}
            message={t("removeMessage")}
            confirmLabel={t("removeConfirm")}
            variant="secondary"
            onConfirm={async () => {
              const result = await removeLogoAction();
              if (!result.ok) {
                toast.error(tAll(result.message, result.values));
                return false;
              }
              setRemoved(true);
              toast.success(t("removed"));
            }}
          >
            <Trash2 aria-hidden className="size-4" />
            {t("remove")}
          </ConfirmButton>
        )}
      </div>
    </fieldset>
  );
}
