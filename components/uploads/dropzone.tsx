"use client";

import { UploadCloud } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useRef, useState, type DragEvent } from "react";
import { ACCEPT_ATTRIBUTE } from "@/lib/platform/media/file-types";
import { cn } from "@/lib/core/merge-classes";

/**
 * Drop area and file picker. Files dropped or chosen are handed over as they are: the
 * server applies the upload rules and answers each file with its own message.
 */
export function Dropzone({
  onFiles,
  multiple = true,
  accept = ACCEPT_ATTRIBUTE,
  label,
  hint,
  disabled,
  className,
}: {
  onFiles: (files: File[]) => void;
  multiple?: boolean;
  accept?: string;
  label?: string;
  hint?: string;
  disabled?: boolean;
  className?: string;
}) {
  const t = useTranslations("uploads");
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const [over, setOver] = useState(false);

  const take = (list: FileList | null) => {
    const files = Array.from(list ?? []);
    if (files.length > 0) onFiles(multiple ? files : files.slice(0, 1));
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!disabled) take(event.dataTransfer.files);
  };

  return (
    <div
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      data-testid="dropzone"
      className={cn(
        "flex flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed border-zinc-300 px-6 py-8 text-center transition-colors dark:border-zinc-700",
        over && "border-brand-500 bg-brand-500/5",
        disabled && "opacity-60",
        className,
      )}
    >
      <UploadCloud aria-hidden className="size-8 text-zinc-400" />
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        {t("dropHere")}{" "}
        <label
          htmlFor={id}
          className="cursor-pointer font-medium text-brand-700 underline hover:text-brand-800 dark:text-brand-400"
        >
          {label ?? t("chooseFiles")}
        </label>
      </p>
      <p className="text-xs text-zinc-500 dark:text-zinc-400">{hint ?? t("rulesHint")}</p>
      <input
        ref={input}
        id={id}
        type="file"
        className="sr-only"
        multiple={multiple}
        accept={accept}
        disabled={disabled}
        onChange={(event) => {
          take(event.target.files);
          event.target.value = "";
        }}
      />
    </div>
  );
}
