"use client";

import { ImageOff, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dropzone } from "@/components/uploads/dropzone";
import { ProgressBar } from "@/components/uploads/progress-bar";
import { browserTransport, UploadEngine } from "@/components/uploads/upload-engine";
import { useEngineVersion } from "@/components/uploads/upload-provider";

const IMAGE_TYPES = "image/jpeg,image/png,image/gif,image/webp,.jpg,.jpeg,.png,.gif,.webp";

/**
 * One image uploaded straight to storage for a form (an event's banner). Reports the new
 * media id once the upload is verified, or null when the image is removed; the form saves it.
 */
export function BannerUpload({
  current,
  onChange,
  disabled,
  texts,
}: {
  current: { url: string | null; state: string } | null;
  onChange: (mediaId: string | null) => void;
  disabled?: boolean;
  /** Another image of the event (its sponsor's logo): its preview's alt, hint and processing text. */
  texts?: { preview: string; hint: string; processing: string };
}) {
  const t = useTranslations("uploads");
  const tAll = useTranslations();
  const [engine] = useState(() => new UploadEngine({ transport: browserTransport, storage: null }));
  useEngineVersion(engine);
  const [preview, setPreview] = useState<string | null>(null);
  const [removed, setRemoved] = useState(false);
  const item = engine.items().at(-1);

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const pick = (files: File[]) => {
    const file = files[0];
    if (!file) return;
    for (const old of engine.items()) void engine.cancel(old.key);
    setPreview(URL.createObjectURL(file));
    setRemoved(false);
    engine.add([file], { type: "event-banner" }, (done) => {
      if (done.mediaId) onChange(done.mediaId);
    });
  };

  const shown = preview ?? (removed ? null : (current?.url ?? null));
  const pending = !preview && !removed && current && !current.url;

  return (
    <div className="flex flex-col gap-2">
      {shown ? (
        // eslint-disable-next-line @next/next/no-img-element -- a local preview or a signed URL
        <img
          src={shown}
          alt={texts?.preview ?? t("bannerPreview")}
          className={
            texts
              ? "max-h-32 w-auto self-start rounded-xl object-contain"
              : "aspect-[3/1] w-full rounded-xl object-cover"
          }
        />
      ) : pending ? (
        <div className="flex aspect-[3/1] w-full items-center justify-center rounded-xl bg-zinc-100 text-sm text-zinc-500 dark:bg-zinc-800">
          {texts?.processing ?? t("bannerProcessing")}
        </div>
      ) : null}
      {item && item.status !== "done" && item.status !== "cancelled" && (
        <ProgressBar
          value={item.total ? (item.loaded / item.total) * 100 : 0}
          label={t("fileProgress", { name: item.file.name })}
          tone={item.status === "error" ? "danger" : "brand"}
        />
      )}
      {item?.error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {tAll(item.error.message, item.error.values)}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Dropzone
          onFiles={pick}
          multiple={false}
          accept={IMAGE_TYPES}
          label={shown || pending ? t("replaceImage") : t("chooseImage")}
          hint={texts?.hint ?? t("bannerHint")}
          disabled={disabled}
          className="flex-1 py-4"
        />
        {(shown || pending) && (
          <Button
            type="button"
            variant="secondary"
            onClick={() => {
              for (const old of engine.items()) void engine.cancel(old.key);
              setPreview(null);
              setRemoved(true);
              onChange(null);
            }}
          >
            {removed ? (
              <ImageOff aria-hidden className="size-4" />
            ) : (
              <Trash2 aria-hidden className="size-4" />
            )}
            {t("removeImage")}
          </Button>
        )}
      </div>
    </div>
  );
}
