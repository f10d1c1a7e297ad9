"use client";

import { useTranslations } from "next-intl";
import { useId, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { PasswordChecklist } from "@/components/auth/password-checklist";
import { PasswordInput } from "@/components/auth/password-input";
import { useFormAction } from "@/components/admin/use-form-action";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import {
  changePasswordAction,
  requestEmailChangeAction,
  updateDisplayNameAction,
} from "@/lib/features/account/actions";
import { emailChangeSchema, nameSchema, passwordChangeSchema } from "@/lib/features/account/schemas";
import { passwordMessageValues } from "@/lib/platform/auth/password-rules";
import { fieldErrorsOf } from "@/lib/core/errors";

/**
 * The account page's three forms. Each checks its input with the same zod schema as the
 * server first (the spec's messages at once), then submits through `useFormAction`.
 */

function useCheckedForm() {
  const t = useTranslations();
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const translate = (key: string | undefined) => (key ? t(key, passwordMessageValues) : undefined);
  return { clientErrors, setClientErrors, translate };
}

export function DisplayNameForm({ name }: { name: string }) {
  const t = useTranslations();
  const [displayName, setDisplayName] = useState(name);
  const { clientErrors, setClientErrors, translate } = useCheckedForm();
  const { submitWith, pending, fieldError } = useFormAction(null, {
    successMessage: () => t("account.profile.saved"),
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = nameSchema.safeParse({ displayName });
    setClientErrors(parsed.success ? {} : fieldErrorsOf(parsed.error));
    if (parsed.success) submitWith(() => updateDisplayNameAction(parsed.data));
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={pending} className="flex flex-col gap-4">
      <Field
        label={t("auth.fields.displayName")}
        error={translate(clientErrors.displayName) ?? fieldError("displayName")}
      >
        <Input
          name="displayName"
          autoComplete="name"
          value={displayName}
          onChange={(e) => setDisplayName(e.target.value)}
          disabled={pending}
        />
      </Field>
      <div>
        <Button type="submit" disabled={pending}>
          {pending ? t("auth.actions.submitting") : t("account.profile.save")}
        </Button>
      </div>
    </form>
  );
}

export function EmailChangeForm({ email }: { email: string }) {
  const t = useTranslations();
  const [newEmail, setNewEmail] = useState("");
  const [currentPassword, setCurrentPassword] = useState("");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { clientErrors, setClientErrors, translate } = useCheckedForm();
  const { submitWith, pending, fieldError } = useFormAction(null, {
    onSuccess: (data: { newEmail: string }) => {
      setSentTo(data.newEmail);
      setNewEmail("");
      setCurrentPassword("");
    },
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = emailChangeSchema.safeParse({ newEmail, currentPassword });
    setClientErrors(parsed.success ? {} : fieldErrorsOf(parsed.error));
    if (parsed.success) submitWith(() => requestEmailChangeAction(parsed.data));
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={pending} className="flex flex-col gap-4">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("account.email.current", { email })}</p>
      <Field
        label={t("account.email.newLabel")}
        error={translate(clientErrors.newEmail) ?? fieldError("newEmail")}
      >
        <Input
          name="newEmail"
          type="email"
          autoComplete="email"
          value={newEmail}
          onChange={(e) => setNewEmail(e.target.value)}
          disabled={pending}
        />
      </Field>
      <Field
        label={t("account.password.current")}
        error={translate(clientErrors.currentPassword) ?? fieldError("currentPassword")}
      >
        <PasswordInput
          name="currentPassword"
          autoComplete="current-password"
          value={currentPassword}
          onChange={(e) => setCurrentPassword(e.target.value)}
          disabled={pending}
        />
      </Field>
      {sentTo && (
        <p
          role="status"
          className="rounded-lg bg-green-50 p-3 text-sm text-green-900 dark:bg-green-950 dark:text-green-100"
        >
          {t("account.email.sent", { email: sentTo })}
        </p>
      )}
      <div>
        <Button type="submit" disabled={pending}>
          {pending ? t("auth.actions.submitting") : t("account.email.submit")}
        </Button>
      </div>
    </form>
  );
}

export function PasswordChangeForm() {
  const t = useTranslations();
  const checklistId = useId();
  const [values, setValues] = useState({ currentPassword: "", newPassword: "" });
  const { clientErrors, setClientErrors, translate } = useCheckedForm();
  const { submitWith, pending, fieldError } = useFormAction(null, {
    onSuccess: () => {
      setValues({ currentPassword: "", newPassword: "" });
      toast.success(t("account.password.changed"));
    },
  });
  const set = (field: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = passwordChangeSchema.safeParse(values);
    setClientErrors(parsed.success ? {} : fieldErrorsOf(parsed.error));
    if (parsed.success) submitWith(() => changePasswordAction(parsed.data));
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={pending} className="flex flex-col gap-4">
      <Field
        label={t("account.password.current")}
        error={translate(clientErrors.currentPassword) ?? fieldError("currentPassword")}
      >
        <PasswordInput
          name="currentPassword"
          autoComplete="current-password"
          value={values.currentPassword}
          onChange={set("currentPassword")}
          disabled={pending}
        />
      </Field>
      <Field
        label={t("auth.fields.newPassword")}
        error={translate(clientErrors.newPassword) ?? fieldError("newPassword")}
      >
        <PasswordInput
          name="newPassword"
          autoComplete="new-password"
          value={values.newPassword}
          onChange={set("newPassword")}
          disabled={pending}
        />
      </Field>
      <PasswordChecklist id={checklistId} password={values.newPassword} />
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("account.password.othersSignedOut")}</p>
      <div>
        <Button type="submit" disabled={pending}>
          {pending ? t("auth.actions.submitting") : t("account.password.submit")}
        </Button>
      </div>
    </form>
  );
}
