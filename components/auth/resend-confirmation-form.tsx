"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { authClient, authErrorText } from "@/lib/platform/auth/client";
import { checkEmailOnly } from "@/lib/platform/auth/form-checks";

/** Sends a fresh confirmation link; says the same thing whatever the address. */
export function ResendConfirmationForm({ callbackURL }: { callbackURL: string }) {
  const t = useTranslations();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
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
      const result = await authClient.sendVerificationEmail({ email: parsed.data.email, callbackURL });
      if (result.error) setError(authErrorText(result.error, t));
      else setSent(true);
    } catch {
      setError(t("auth.errors.generic"));
    } finally {
      setPending(false);
    }
  }

  return (
    <section
      aria-labelledby="resend-title"
      className="mt-6 border-t border-zinc-200 pt-6 dark:border-zinc-800"
    >
      <h2 id="resend-title" className="font-semibold">
        {t("auth.confirmation.resendTitle")}
      </h2>
      {sent ? (
        <p role="status" className="mt-3 text-sm text-green-800 dark:text-green-300">
          {t("auth.toasts.confirmationSent")}
        </p>
      ) : (
        <form onSubmit={onSubmit} noValidate className="mt-3 flex flex-col gap-3" aria-busy={pending}>
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
          <Button type="submit" variant="secondary" disabled={pending}>
            {pending ? t("auth.actions.submitting") : t("auth.confirmation.resendSubmit")}
          </Button>
        </form>
      )}
    </section>
  );
}
