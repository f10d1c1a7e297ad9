"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useId, useState, type FormEvent } from "react";
import { toast } from "@/components/ui/lazy-toast";
import { PasswordChecklist } from "@/components/auth/password-checklist";
import { PasswordInput } from "@/components/auth/password-input";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { authClient, authErrorText } from "@/lib/platform/auth/client";
import { passwordMessageValues } from "@/lib/platform/auth/password-rules";
import { checkResetPassword } from "@/lib/platform/auth/form-checks";

/** The new-password form of a reset link: the same rules as sign-up, live. */
export function ResetPasswordForm({ token }: { token: string }) {
  const t = useTranslations();
  const router = useRouter();
  const checklistId = useId();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = checkResetPassword({ password, token });
    if (!parsed.ok) {
      setError(t(parsed.fieldErrors.password ?? "auth.errors.generic", passwordMessageValues));
      return;
    }
    setError(null);
    setPending(true);
    try {
      const result = await authClient.resetPassword({ newPassword: parsed.data.password, token });
      if (result.error) {
        setError(authErrorText(result.error, t));
        return;
      }
      toast.success(t("auth.reset.successTitle"));
      router.replace("/auth?reset=done");
    } catch {
      setError(t("auth.errors.generic"));
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-busy={pending}>
      <Field label={t("auth.fields.newPassword")} error={error ?? undefined}>
        <PasswordInput
          name="password"
          autoComplete="new-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          disabled={pending}
        />
      </Field>
      <PasswordChecklist id={checklistId} password={password} />
      <Button type="submit" disabled={pending}>
        {pending ? t("auth.actions.submitting") : t("auth.reset.submit")}
      </Button>
    </form>
  );
}
