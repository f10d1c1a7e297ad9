"use client";

import { normaliseRecoveryCode } from "@/lib/platform/auth/recovery-codes";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { toast } from "@/components/ui/lazy-toast";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { destinationAfterSignIn } from "@/lib/features/account/auth-actions";
import { authClient, authErrorText } from "@/lib/platform/auth/client";

/**
 * The sign-in's second step, when the password was right and the account uses two-factor
 * authentication: a code from the authenticator app, or one of the recovery codes. Better
 * Auth keeps the half-done sign-in in a short-lived cookie (10 minutes).
 */
export function TwoFactorStep({ next, onCancel }: { next: string; onCancel: () => void }) {
  const t = useTranslations();
  const router = useRouter();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState("");
  const [trustDevice, setTrustDevice] = useState(false);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const value = recovery ? normaliseRecoveryCode(code) : code.replace(/\s+/g, "");
    if (!value) return;
    setPending(true);
    try {
      const { error } = recovery
        ? await authClient.twoFactor.verifyBackupCode({ code: value, trustDevice })
        : await authClient.twoFactor.verifyTotp({ code: value, trustDevice });
      if (error) {
        toast.error(t("auth.toasts.signInErrorTitle"), { description: authErrorText(error, t) });
        return;
      }
      router.replace(await destinationAfterSignIn(next || null));
      router.refresh();
    } catch {
      toast.error(t("auth.toasts.signInErrorTitle"), { description: t("auth.errors.generic") });
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-busy={pending}>
      <div>
        <h2 className="font-semibold">{t("auth.twoFactor.title")}</h2>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          {recovery ? t("auth.twoFactor.recoveryBody") : t("auth.twoFactor.body")}
        </p>
      </div>
      <Field label={recovery ? t("auth.twoFactor.recoveryLabel") : t("auth.twoFactor.codeLabel")}>
        <Input
          name="code"
          autoComplete="one-time-code"
          inputMode={recovery ? "text" : "numeric"}
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          value={code}
          onChange={(e) => setCode(e.target.value)}
          disabled={pending}
        />
      </Field>
      <Checkbox
        name="trustDevice"
        label={t("auth.twoFactor.trustDevice")}
        checked={trustDevice}
        onChange={(e) => setTrustDevice(e.target.checked)}
        disabled={pending}
      />
      <Button type="submit" disabled={pending || !code.trim()}>
        {pending ? t("auth.actions.submitting") : t("auth.twoFactor.submit")}
      </Button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button
          type="button"
          className="rounded text-brand-600 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
          onClick={() => {
            setRecovery((r) => !r);
            setCode("");
          }}
        >
          {recovery ? t("auth.twoFactor.useApp") : t("auth.twoFactor.useRecovery")}
        </button>
        <button
          type="button"
          className="rounded text-brand-600 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
          onClick={onCancel}
        >
          {t("auth.actions.backToSignIn")}
        </button>
      </div>
    </form>
  );
}
