"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

/**
 * The sign-in form's extra step when an account had too many failed sign-ins
 * (lib/platform/auth/sign-in-challenge.ts): the server's notice, the e-mailed code, and a way to ask
 * for a new one. The form re-submits e-mail, password and this code together.
 */
export function SignInCodeStep({
  notice,
  value,
  onChange,
  error,
  disabled,
  onResend,
}: {
  /** The server's explanation, already in the user's language. */
  notice: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  disabled: boolean;
  onResend: () => void;
}) {
  const t = useTranslations("auth");
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-brand-400 bg-brand-50 p-3 dark:bg-ink-900">
      <p role="status" className="text-sm text-zinc-800 dark:text-zinc-200">
        {notice}
      </p>
      <Field label={t("fields.loginCode")} error={error}>
        <Input
          name="loginCode"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          required
          // The step appears because the user just submitted: take them straight to the code.
          autoFocus
          value={value}
          onChange={(e) => onChange(e.target.value.replace(/\D/g, ""))}
          disabled={disabled}
        />
      </Field>
      <Button type="button" variant="secondary" size="sm" onClick={onResend} disabled={disabled}>
        {t("actions.resendLoginCode")}
      </Button>
    </div>
  );
}
