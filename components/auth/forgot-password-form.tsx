"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { authClient, authErrorText } from "@/lib/platform/auth/client";
import { checkEmailOnly } from "@/lib/platform/auth/form-checks";
import { RESET_PASSWORD_PATH } from "@/lib/platform/auth/paths";

/** Asks for a reset link. The answer is the same whether or not the address has an account. */
export function ForgotPasswordForm() {
  const t = useTranslations();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = checkEmailOnly({ email });
    if (!parsed.ok) {
      setError(t(parsed.fieldErrors.email ?? "validation.emailInvalid"));
      return;
    }
    setError(null);
    setPending(true);
    try {
      const result = await authClient.requestPasswordReset({
        email: parsed.data.email,
        redirectTo: RESET_PASSWORD_PATH,
      });
      if (result.error) setError(authErrorText(result.error, t));
      else setSentTo(parsed.data.email);
    } catch {
      setError(t("auth.errors.generic"));
    } finally {
      setPending(false);
    }
  }

  if (sentTo) {
    return (
      <p
        role="status"
        className="rounded-lg bg-green-50 p-4 text-sm text-green-900 dark:bg-green-950 dark:text-green-100"
      >
        {t("auth.forgot.sent", { email: sentTo })}
      </p>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-busy={pending}>
      <Field label={t("auth.fields.email")} error={error ?? undefined}>
        <Input
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          disabled={pending}
        />
      </Field>
      <Button type="submit" disabled={pending}>
        {pending ? t("auth.actions.submitting") : t("auth.forgot.submit")}
      </Button>
    </form>
  );
}
