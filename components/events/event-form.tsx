"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { checkSlugAction, saveEventAction } from "@/lib/features/events/actions";
import { useFormAction } from "@/components/admin/use-form-action";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Field } from "@/components/ui/field";
import { useLengthHint } from "@/components/ui/length-hint";
import { Input, Textarea } from "@/components/ui/input";
import { optionsOf, Select } from "@/components/ui/select";
import { BannerUpload } from "@/components/uploads/banner-upload";
import { VisibilityFields } from "@/components/content/visibility-fields";
import type { EventFormValues } from "@/lib/features/events/queries";
import { CURRENCIES } from "@/lib/features/events/schemas";
import { slugify } from "@/lib/platform/site/slug";
import { FieldTranslations, TranslationsLaterNote } from "@/components/translation/field-translations";
import { versionsOf } from "@/components/translation/review-status";
import type { FieldVersions } from "@/lib/features/translation/review-types";

type SlugCheck =
  { state: "idle" | "checking" } | { state: "done"; available: boolean; suggestion: string | null };

/** Create or edit an event: every field of spec §3, the URL slug suggested from the name. */
export function EventForm({
  eventId,
  initial,
  banner,
  timeZones,
  translations,
  pathPrefix,
}: {
  eventId: string | null;
  /** The company's event addresses before the slug (`/demo/evento/`): slugs are per company. */
  pathPrefix: string;
  initial: EventFormValues;
  banner: { url: string | null; state: string } | null;
  timeZones: string[];
  /** The review data of the name and description (issue #15); null while creating. */
  translations: FieldVersions[] | null;
}) {
  const t = useTranslations("events");
  const lengthHint = useLengthHint();
  const router = useRouter();
  const [values, setValues] = useState(initial);
  const [bannerMediaId, setBannerMediaId] = useState<string | null | undefined>(undefined);
  const [slugTouched, setSlugTouched] = useState(eventId !== null);
  const [slugCheck, setSlugCheck] = useState<SlugCheck>({ state: "idle" });
  const {
    submitWith,
    pending,
    fieldError: error,
  } = useFormAction<{ id: string }>(null, {
    onSuccess: (data) => {
      toast.success(eventId ? t("saved") : t("created"));
      if (eventId) router.refresh();
      else router.push(`/admin/events/${data.id}`);
    },
  });
  const checkTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const set = <K extends keyof EventFormValues>(key: K, value: EventFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  // Check the slug shortly after it stops changing.
  const scheduleSlugCheck = (slug: string) => {
    clearTimeout(checkTimer.current);
    if (!slug || slug === initial.slug) return setSlugCheck({ state: "idle" });
    setSlugCheck({ state: "checking" });
    checkTimer.current = setTimeout(async () => {
      const result = await checkSlugAction(slug, eventId);
      setSlugCheck(result.ok ? { state: "done", ...result.data } : { state: "idle" });
    }, 400);
  };
  useEffect(() => () => clearTimeout(checkTimer.current), []);
  const setSlug = (slug: string) => {
    set("slug", slug);
    scheduleSlugCheck(slug);
  };

  // The status is the publish control's alone: a save never reverts what it just published.
  const submit = () =>
    submitWith(() => saveEventAction(eventId, { ...values, status: undefined, bannerMediaId }));

  const slugHint =
    slugCheck.state === "checking"
      ? t("slug.checking")
      : slugCheck.state === "done"
        ? slugCheck.available
          ? t("slug.available")
          : t("slug.taken")
        : eventId
          ? null
          : t("slug.hint");

  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div className="flex flex-col gap-1.5">
        <span className="text-sm font-medium">{t("fields.banner")}</span>
        <BannerUpload current={banner} onChange={setBannerMediaId} disabled={pending} />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={t("fields.name")} error={error("name")} {...lengthHint(values.name, 200)}>
          <Input
            value={values.name}
            required
            onChange={(e) => {
              const name = e.target.value;
              set("name", name);
              if (!slugTouched) setSlug(slugify(name));
            }}
          />
        </Field>
        <div className="flex flex-col gap-1">
          <Field
            label={t("fields.slug")}
            error={error("slug")}
            hint={`${pathPrefix}${values.slug || "…"}${slugHint ? ` — ${slugHint}` : ""}`}
          >
            <Input
              value={values.slug}
              maxLength={80}
              required
              onChange={(e) => {
                setSlugTouched(true);
                setSlug(e.target.value.toLowerCase().replace(/[^a-z0-9-]/g, "-"));
              }}
            />
          </Field>
          {slugCheck.state === "done" && !slugCheck.available && slugCheck.suggestion && (
            <button
              type="button"
              className="self-start text-xs text-brand-600 underline"
              onClick={() => setSlug(slugCheck.suggestion!)}
            >
              {t("slug.useSuggestion", { slug: slugCheck.suggestion })}
            </button>
          )}
        </div>
        {translations && (
          <div className="sm:col-span-2">
            <FieldTranslations label={t("fields.name")} versions={versionsOf(translations, "name")} />
          </div>
        )}
        <Field label={t("fields.date")} error={error("date")}>
          <Input type="date" value={values.date} required onChange={(e) => set("date", e.target.value)} />
        </Field>
        <Field label={t("fields.time")} error={error("time")}>
          <Input type="time" value={values.time} required onChange={(e) => set("time", e.target.value)} />
        </Field>
        <Field label={t("fields.timeZone")} error={error("timeZone")}>
          <Select
            value={values.timeZone}
            onChange={(e) => set("timeZone", e.target.value)}
            options={optionsOf(timeZones, (zone) => zone.replaceAll("_", " "))}
          />
        </Field>
        <Field label={t("fields.location")} error={error("location")}>
          <Input value={values.location} maxLength={300} onChange={(e) => set("location", e.target.value)} />
        </Field>
        <Field label={t("fields.maxParticipants")} error={error("maxParticipants")}>
          <Input
            type="number"
            min={1}
            inputMode="numeric"
            value={values.maxParticipants}
            onChange={(e) => set("maxParticipants", e.target.value)}
          />
        </Field>
        <Field label={t("fields.participantsCount")} error={error("participantsCount")}>
          <Input
            type="number"
            min={0}
            inputMode="numeric"
            value={values.participantsCount}
            onChange={(e) => set("participantsCount", e.target.value)}
          />
        </Field>
        <div className="flex flex-col gap-2">
          <Checkbox
            label={t("fields.free")}
            checked={values.isFree}
            onChange={(e) => set("isFree", e.target.checked)}
          />
          {!values.isFree && (
            <div className="grid grid-cols-[1fr_auto] gap-2">
              <Field label={t("fields.price")} error={error("price")}>
                <Input
                  inputMode="decimal"
                  placeholder="12.50"
                  value={values.price}
                  onChange={(e) => set("price", e.target.value)}
                />
              </Field>
              <Field label={t("fields.currency")}>
                <Select
                  value={values.currency}
                  onChange={(e) => set("currency", e.target.value as EventFormValues["currency"])}
                  options={optionsOf(CURRENCIES, (c) => c)}
                />
              </Field>
            </div>
          )}
        </div>
        <div className="flex flex-col gap-3">
          <Checkbox
            label={t("fields.isPublic")}
            checked={values.isPublic}
            onChange={(e) => set("isPublic", e.target.checked)}
          />
        </div>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <VisibilityFields
          namespace="events.access"
          values={values}
          set={(patch) => setValues((v) => ({ ...v, ...patch }))}
          error={error}
        />
      </div>
      <Field label={t("fields.description")} error={error("description")}>
        <Textarea
          value={values.description}
          maxLength={5000}
          onChange={(e) => set("description", e.target.value)}
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
      <div className="flex justify-end">
        <Button type="submit" disabled={pending}>
          {eventId ? t("save") : t("create")}
        </Button>
      </div>
    </form>
  );
}
