"use client";

import { X } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { toast } from "sonner";
import { createContentAction, updateContentAction } from "@/lib/features/content/actions";
import { useFormAction } from "@/components/admin/use-form-action";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Field } from "@/components/ui/field";
import { useLengthHint } from "@/components/ui/length-hint";
import { Input, Textarea } from "@/components/ui/input";
import { optionsOf, Select } from "@/components/ui/select";
import { Dropzone } from "@/components/uploads/dropzone";
import { useUploads } from "@/components/uploads/upload-provider";
import { acceptAttributeFor, acceptsFile, KIND_MISMATCH } from "@/lib/features/content/kind-rules";
import {
  CONTENT_KINDS,
  CONTENT_STATUSES,
  DOWNLOAD_RULES,
  type DownloadRuleValue,
} from "@/lib/features/content/schemas";
import { WEB_DOWNLOAD_EDGES } from "@/lib/platform/media/web-edges";
import { GalleryAccessFields, type GalleryAccessValues } from "@/components/content/gallery-access-fields";
import { formatBytes } from "@/lib/core/format";
import { FieldTranslations, TranslationsLaterNote } from "@/components/translation/field-translations";
import { versionsOf } from "@/components/translation/review-status";
import type { FieldVersions } from "@/lib/features/translation/review-types";

export interface ContentFormValues extends GalleryAccessValues {
  title: string;
  description: string;
  category: string;
  tags: string;
  kind: (typeof CONTENT_KINDS)[number];
  status: (typeof CONTENT_STATUSES)[number];
  eventIds: string[];
  requiresLead: boolean;
  /** Fans' photo and video downloads keep GPS and camera data (off: without them). */
  keepPhotoMetadata: boolean;
  /** What fans may download: the files, web-size copies of the photos, or nothing. */
  downloadRule: DownloadRuleValue;
  /** The web-size copies' long edge, in pixels. */
  webDownloadEdge: number;
}

/**
 * Create or edit a content. When creating, files can be dropped before saving: the content
 * is created first, then its files upload straight to storage while the edit screen opens.
 */
export function ContentForm({
  contentId,
  initial,
  events,
  translations,
}: {
  contentId: string | null;
  initial: ContentFormValues;
  events: { id: string; name: string; date: string }[];
  /** The review data of the title and description (issue #15); null while creating. */
  translations: FieldVersions[] | null;
}) {
  const t = useTranslations("content");
  const tAll = useTranslations();
  const lengthHint = useLengthHint();
  const router = useRouter();
  const { engine } = useUploads();
  const [values, setValues] = useState(initial);
  const [files, setFiles] = useState<File[]>([]);
  const keepMetadataHint = useId();
  const {
    submitWith,
    pending,
    fieldError: error,
  } = useFormAction<{ id: string }>(null, {
    onSuccess: (data) => {
      if (contentId) {
        // The password is stored (hashed) now: a later save keeps it unless a new one is typed,
        // so it does not end the guests' unlocks by hashing the same password again.
        setValues((v) => ({ ...v, accessPassword: "", hasPassword: v.visibility === "password" }));
        toast.success(t("saved"));
        router.refresh();
        return;
      }
      if (files.length > 0)
        engine.add(files, { type: "content", contentId: data.id }, () => router.refresh());
      toast.success(t("created"));
      router.push(`/admin/content/${data.id}`);
    },
  });
  const set = <K extends keyof ContentFormValues>(key: K, value: ContentFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const submit = () =>
    submitWith(() => {
      // The status is the publish control's alone: a save never reverts what it just published.
      // `hasPassword` is the form's own: the server knows it.
      const { hasPassword: _known, ...rest } = values;
      const input = { ...rest, status: undefined };
      return contentId ? updateContentAction(contentId, input) : createContentAction(input);
    });

  return (
    <form
      className="flex flex-col gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      noValidate
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={t("fields.title")} error={error("title")} {...lengthHint(values.title, 200)}>
          <Input value={values.title} onChange={(e) => set("title", e.target.value)} required />
        </Field>
        <Field label={t("fields.kind")} error={error("kind")}>
          <Select
            value={values.kind}
            onChange={(e) => set("kind", e.target.value as ContentFormValues["kind"])}
            options={optionsOf(CONTENT_KINDS, (k) => t(`kind.${k}`))}
          />
        </Field>
        {translations && (
          <div className="sm:col-span-2">
            <FieldTranslations label={t("fields.title")} versions={versionsOf(translations, "title")} />
          </div>
        )}
        <Field label={t("fields.category")} error={error("category")}>
          <Input value={values.category} onChange={(e) => set("category", e.target.value)} maxLength={100} />
        </Field>
        <Field label={t("fields.tags")} hint={t("fields.tagsHint")} error={error("tags")}>
          <Input value={values.tags} onChange={(e) => set("tags", e.target.value)} />
        </Field>
        <Checkbox
          label={t("fields.requiresLead")}
          className="self-end pb-2"
          checked={values.requiresLead}
          onChange={(e) => set("requiresLead", e.target.checked)}
        />
        {/* The warning is read out with the checkbox (aria-describedby), not only shown under it. */}
        <div className="flex flex-col gap-1 sm:col-span-2">
          <Checkbox
            label={t("fields.keepPhotoMetadata")}
            checked={values.keepPhotoMetadata}
            onChange={(e) => set("keepPhotoMetadata", e.target.checked)}
            aria-describedby={keepMetadataHint}
          />
          <p id={keepMetadataHint} className="ml-6 text-xs text-amber-900 dark:text-amber-200">
            {t("fields.keepPhotoMetadataHint")}
          </p>
        </div>
        <Field
          label={t("fields.downloadRule")}
          hint={t(`fields.downloadRuleHint.${values.downloadRule}`)}
          error={error("downloadRule")}
        >
          <Select
            value={values.downloadRule}
            onChange={(e) => set("downloadRule", e.target.value as DownloadRuleValue)}
            options={optionsOf(DOWNLOAD_RULES, (rule) => t(`fields.downloadRuleOption.${rule}`))}
          />
        </Field>
        {values.downloadRule === "web" && (
          <Field
            label={t("fields.webDownloadEdge")}
            hint={t("fields.webDownloadEdgeHint")}
            error={error("webDownloadEdge")}
          >
            <Select
              value={String(values.webDownloadEdge)}
              onChange={(e) => set("webDownloadEdge", Number(e.target.value))}
              options={optionsOf(
                WEB_DOWNLOAD_EDGES.map((edge) => String(edge)),
                (edge) => t("fields.webDownloadEdgeOption", { pixels: Number(edge) }),
              )}
            />
          </Field>
        )}
        <GalleryAccessFields
          values={values}
          set={(patch) => setValues((v) => ({ ...v, ...patch }))}
          error={error}
        />
      </div>
      <Field label={t("fields.description")} error={error("description")}>
        <Textarea
          value={values.description}
          onChange={(e) => set("description", e.target.value)}
          maxLength={5000}
        />
      </Field>
      {translations ? (
        <FieldTranslations
          label={t("fields.description")}
          versions={versionsOf(translations, "description")}
        />
      ) : (
        <TranslationsLaterNote />
      )}
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium">{t("fields.events")}</legend>
        {events.length === 0 ? (
          <p className="text-sm text-zinc-500">{t("fields.noEvents")}</p>
        ) : (
          <div className="grid max-h-48 gap-1 overflow-y-auto rounded-lg border border-zinc-200 p-2 sm:grid-cols-2 dark:border-zinc-700">
            {events.map((e) => (
              <label key={e.id} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-brand-600"
                  checked={values.eventIds.includes(e.id)}
                  onChange={(ev) =>
                    set(
                      "eventIds",
                      ev.target.checked
                        ? [...values.eventIds, e.id]
                        : values.eventIds.filter((id) => id !== e.id),
                    )
                  }
                />
                {e.name} <span className="text-zinc-500">({e.date})</span>
              </label>
            ))}
          </div>
        )}
        {error("eventIds") && (
          <p role="alert" className="text-sm text-red-600">
            {error("eventIds")}
          </p>
        )}
      </fieldset>

      {!contentId && (
        <div className="flex flex-col gap-2">
          <span className="text-sm font-medium">
            {values.kind === "single" ? t("fields.file") : t("fields.files")}
          </span>
          <Dropzone
            accept={acceptAttributeFor(values.kind)}
            onFiles={(all) => {
              // A photo gallery takes photos only: the others are refused now, before any upload.
              const dropped = all.filter((f) => acceptsFile(values.kind, f));
              for (const f of all.filter((f) => !acceptsFile(values.kind, f)))
                toast.error(tAll(KIND_MISMATCH, { name: f.name }));
              setFiles((f) => (values.kind === "single" ? dropped.slice(0, 1) : [...f, ...dropped]));
            }}
            multiple={values.kind !== "single"}
          />
          {files.length > 0 && (
            <ul className="flex flex-col gap-1 text-sm" aria-label={t("fields.queuedFiles")}>
              <li className="text-zinc-600 dark:text-zinc-400">
                {t("fields.filesQueued", { count: files.length })}
              </li>
              {files.slice(0, 50).map((f, i) => (
                <li key={`${f.name}-${i}`} className="flex items-center justify-between gap-2">
                  <span className="truncate">
                    {f.name} <span className="text-zinc-500">{formatBytes(f.size)}</span>
                  </span>
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    aria-label={t("removeFile", { name: f.name })}
                    onClick={() => setFiles((all) => all.filter((_, j) => j !== i))}
                  >
                    <X aria-hidden className="size-4" />
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}

      <div className="flex justify-end gap-2">
        <Button type="submit" disabled={pending}>
          {contentId ? t("save") : files.length > 0 ? t("createAndUpload") : t("create")}
        </Button>
      </div>
    </form>
  );
}
