"use client";

import { useTranslations } from "next-intl";
import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { createCompanyAction } from "@/lib/features/onboarding/actions";

/** Names the new company; the server makes the slug and the caller its admin. */
export function OnboardingForm() {
  const t = useTranslations();
  const [state, action, pending] = useActionState(createCompanyAction, null);
  const failure = state && !state.ok ? state : null;
  const fieldError = failure?.fieldErrors.companyName;
  return (
    <form action={action} className="flex flex-col gap-4" aria-busy={pending}>
      <Field label={t("onboarding.companyName")} error={fieldError && t(fieldError)}>
        <Input
          name="companyName"
          required
          minLength={2}
          maxLength={100}
          autoComplete="organization"
          disabled={pending}
        />
      </Field>
      {failure && !fieldError && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {t(failure.message)}
        </p>
      )}
      <Button type="submit" disabled={pending}>
        {pending ? t("auth.actions.submitting") : t("onboarding.submit")}
      </Button>
    </form>
  );
}
