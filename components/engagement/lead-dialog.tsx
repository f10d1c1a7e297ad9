"use client";

import { useTranslations } from "next-intl";
import { useId, useRef, useState, type ComponentProps, type FormEvent } from "react";
import type { ApiFailure, LeadInput } from "@/components/engagement/api";
import { ConsentCheckbox, PrivacyLink } from "@/components/engagement/consent-checkbox";
import {
  emptyLead,
  LEAD_COMPANY_MAX,
  LEAD_EMAIL_MAX,
  LEAD_NAME_MAX,
  LEAD_PHONE_MAX,
  leadPayload,
  problemsFromServer,
  validateLead,
  type LeadField,
  type LeadProblems,
  type LeadValues,
} from "@/components/engagement/lead-form";
import { useMessage } from "@/components/engagement/use-message";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { Input, Label } from "@/components/ui/input";

const noProblems: LeadProblems = { formError: null, fieldErrors: {} };

/** A labelled input whose error text sits under it; `error === ""` marks it invalid without text. */
function LeadInputField({
  label,
  error,
  ...props
}: ComponentProps<typeof Input> & { label: string; error: string | undefined }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        aria-invalid={error !== undefined || undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...props}
      />
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The lead-capture dialog before a gated download (spec §2, §5): name and e-mail required,
 * phone and company optional, consent with the company's privacy page. What was typed stays
 * when a submission fails (the values live outside the dialog's content, which unmounts).
 * `onSubmit` sends the lead with the download request and resolves to null once the file is on
 * its way; the dialog then thanks the fan (no account is created: nothing to "sign up" to).
 */
export function LeadDialog({
  open,
  onOpenChange,
  privacyUrl,
  onSubmit,
  all = false,
}: {
  /** A "Download all": the thank-you says the ZIP is being prepared. */
  all?: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  privacyUrl: string;
  onSubmit: (lead: LeadInput) => Promise<ApiFailure | null>;
}) {
  const t = useTranslations();
  const message = useMessage();
  const [values, setValues] = useState<LeadValues>(emptyLead);
  const [problems, setProblems] = useState<LeadProblems>(noProblems);
  const [pending, setPending] = useState(false);
  /** The name of the fan just thanked; the form shows again when the dialog reopens. */
  const [thanked, setThanked] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const consentId = useId();
  const marketingId = useId();

  const text = (field: Exclude<LeadField, "consent">) => ({
    name: field,
    value: values[field],
    onChange: (e: { target: { value: string } }) => change({ ...values, [field]: e.target.value }),
    error:
      problems.fieldErrors[field] === undefined
        ? undefined
        : problems.fieldErrors[field] && message(problems.fieldErrors[field], "validation.invalidForm"),
  });

  // An error goes as soon as its field is valid (the form-level one once name and e-mail are
  // both filled); errors are only ever added on submit.
  function change(next: LeadValues) {
    setValues(next);
    if (!problems.formError && Object.keys(problems.fieldErrors).length === 0) return;
    const now = validateLead(next);
    setProblems((p) => ({
      formError: p.formError && now.formError === p.formError ? p.formError : null,
      fieldErrors: Object.fromEntries(
        Object.entries(p.fieldErrors).filter(([field]) => now.fieldErrors[field as LeadField] !== undefined),
      ),
    }));
  }

  const focusFirstInvalid = () =>
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const local = validateLead(values);
    if (local.formError || Object.keys(local.fieldErrors).length > 0) {
      setProblems(local);
      focusFirstInvalid();
      return;
    }
    setProblems(noProblems);
    setPending(true);
    const failure = await onSubmit(leadPayload(values));
    setPending(false);
    if (!failure) {
      setThanked(values.name.trim());
      setValues(emptyLead);
      return;
    }
    const server = problemsFromServer(failure.fieldErrors, failure.messageKey);
    const hasFields = Object.keys(server.fieldErrors).length > 0;
    setProblems(
      server.formError || hasFields
        ? server
        : { formError: failure.messageKey ?? "errors.downloadError", fieldErrors: {} },
    );
    if (hasFields) focusFirstInvalid();
  }

  const consentError = problems.fieldErrors.consent;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (pending) return;
        if (!next) setThanked(null);
        onOpenChange(next);
      }}
    >
      <DialogContent
        title={
          thanked !== null
            ? t("engagement.lead.thanksTitle", { name: thanked })
            : t(all ? "engagement.lead.titleAll" : "engagement.lead.title")
        }
        description={
          thanked !== null
            ? t(all ? "engagement.lead.thanksAll" : "engagement.lead.thanks")
            : t(all ? "engagement.lead.descriptionAll" : "engagement.lead.description")
        }
        closeLabel={t("common.close")}
        hideClose={pending}
        onEscapeKeyDown={(e) => pending && e.preventDefault()}
        onInteractOutside={(e) => pending && e.preventDefault()}
      >
        {thanked !== null ? (
          <div className="flex justify-end">
            <Button
              type="button"
              autoFocus
              onClick={() => {
                setThanked(null);
                onOpenChange(false);
              }}
              variant="brand"
              className="min-h-11"
            >
              {t("common.close")}
            </Button>
          </div>
        ) : (
          <form ref={form} onSubmit={submit} noValidate className="flex flex-col gap-4" aria-busy={pending}>
            <fieldset disabled={pending} className="flex flex-col gap-4">
              <LeadInputField
                label={t("engagement.lead.name")}
                autoComplete="name"
                maxLength={LEAD_NAME_MAX}
                required
                {...text("name")}
              />
              <LeadInputField
                label={t("engagement.lead.email")}
                type="email"
                autoComplete="email"
                inputMode="email"
                maxLength={LEAD_EMAIL_MAX}
                required
                {...text("email")}
              />
              <LeadInputField
                label={t("engagement.lead.phone")}
                type="tel"
                autoComplete="tel"
                maxLength={LEAD_PHONE_MAX}
                {...text("phone")}
              />
              <LeadInputField
                label={t("engagement.lead.company")}
                autoComplete="organization"
                maxLength={LEAD_COMPANY_MAX}
                {...text("company")}
              />
              <ConsentCheckbox
                id={consentId}
                name="consent"
                checked={values.consent}
                onChange={(checked) => change({ ...values, consent: checked })}
                error={consentError && message(consentError, "validation.invalidForm")}
                label={t.rich("engagement.lead.consent", {
                  link: (chunks) => <PrivacyLink href={privacyUrl}>{chunks}</PrivacyLink>,
                })}
              />
              <ConsentCheckbox
                id={marketingId}
                name="marketingConsent"
                checked={values.marketingConsent}
                onChange={(checked) => change({ ...values, marketingConsent: checked })}
                label={t("engagement.lead.marketingConsent")}
              />
            </fieldset>
            {problems.formError && (
              <p role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">
                {message(problems.formError, "errors.downloadError")}
              </p>
            )}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button
                type="button"
                variant="ghost"
                disabled={pending}
                onClick={() => onOpenChange(false)}
                className="min-h-11"
              >
                {t("common.cancel")}
              </Button>
              <Button type="submit" variant="brand" disabled={pending} className="min-h-11">
                {pending ? t("engagement.lead.sending") : t("engagement.lead.submit")}
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
