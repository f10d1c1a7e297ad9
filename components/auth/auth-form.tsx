"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { toast } from "@/components/ui/lazy-toast";
import { PasswordChecklist } from "@/components/auth/password-checklist";
import { PasswordInput } from "@/components/auth/password-input";
import { SignInCodeStep } from "@/components/auth/sign-in-code-step";
import { TwoFactorStep } from "@/components/auth/two-factor-step";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { destinationAfterSignIn } from "@/lib/features/account/auth-actions";
import { authClient, authErrorText } from "@/lib/platform/auth/client";
import { passwordMessageValues } from "@/lib/platform/auth/password-rules";
import { LOGIN_CODE_INVALID, LOGIN_CODE_REQUIRED } from "@/lib/platform/auth/policy";
import { checkSignIn, checkSignUp } from "@/lib/platform/auth/form-checks";
import { cx } from "@/lib/core/join-classes";

type Mode = "signin" | "signup";

/** Where the confirmation link should bring the user back to (e.g. an invitation). */
function confirmationCallback(next: string): string {
  return next ? `/email-confirmation?next=${encodeURIComponent(next)}` : "/email-confirmation";
}

/** Sign-in and sign-up in one page, as two tabs (spec §2 /auth). */
export function AuthForm({
  initialMode,
  next,
  initialEmail = "",
}: {
  initialMode: Mode;
  /** A validated local path to return to after signing in, or "". */
  next: string;
  initialEmail?: string;
}) {
  const t = useTranslations();
  const [mode, setMode] = useState<Mode>(initialMode);
  const baseId = useId();
  const tabs: { mode: Mode; label: string }[] = [
    { mode: "signin", label: t("auth.tabs.signIn") },
    { mode: "signup", label: t("auth.tabs.signUp") },
  ];
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  // WAI-ARIA tabs: arrow keys move between the two tabs.
  function onTabKey(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    event.preventDefault();
    const nextIndex = (index + (event.key === "ArrowRight" ? 1 : tabs.length - 1)) % tabs.length;
    setMode(tabs[nextIndex]!.mode);
    tabRefs.current[nextIndex]?.focus();
  }

  return (
    <div>
      <div
        role="tablist"
        aria-label={t("auth.tabsLabel")}
        className="grid grid-cols-2 rounded-lg bg-zinc-100 p-1 dark:bg-ink-900"
      >
        {tabs.map((tab, index) => {
          const selected = tab.mode === mode;
          return (
            <button
              key={tab.mode}
              ref={(el) => {
                tabRefs.current[index] = el;
              }}
              type="button"
              role="tab"
              id={`${baseId}-${tab.mode}-tab`}
              aria-selected={selected}
              aria-controls={`${baseId}-${tab.mode}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => setMode(tab.mode)}
              onKeyDown={(e) => onTabKey(e, index)}
              className={cx(
                "touch-target rounded-md px-3 py-2 text-sm font-medium",
                selected
                  ? "bg-white text-zinc-900 shadow-sm dark:bg-ink-800 dark:text-zinc-100"
                  : "text-zinc-600 dark:text-zinc-400",
              )}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`${baseId}-${mode}-panel`}
        aria-labelledby={`${baseId}-${mode}-tab`}
        className="mt-6"
      >
        {mode === "signin" ? (
          <SignInForm next={next} initialEmail={initialEmail} />
        ) : (
          <SignUpForm next={next} initialEmail={initialEmail} />
        )}
      </div>
    </div>
  );
}

function SignInForm({ next, initialEmail }: { next: string; initialEmail: string }) {
  const t = useTranslations();
  const router = useRouter();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const [unconfirmed, setUnconfirmed] = useState(false);
  // Set once the server asks for the e-mailed code (too many failed sign-ins on the account).
  const [codeNotice, setCodeNotice] = useState<string | null>(null);
  const [loginCode, setLoginCode] = useState("");
  const [codeError, setCodeError] = useState<string>();
  // Set when the password was right and the account asks for its two-factor code.
  const [secondFactor, setSecondFactor] = useState(false);

  async function signIn(withCode: boolean) {
    const parsed = checkSignIn({ email, password });
    if (!parsed.ok) {
      setErrors(parsed.fieldErrors);
      return;
    }
    setErrors({});
    setCodeError(undefined);
    setPending(true);
    try {
      // A variable, not a literal: `loginCode` is ours (read by the server's hook), not in Better Auth's type.
      const body = withCode ? { ...parsed.data, loginCode } : parsed.data;
      const { data, error } = await authClient.signIn.email(body);
      if (error) {
        setUnconfirmed(error.code === "EMAIL_NOT_VERIFIED");
        if (error.code === LOGIN_CODE_INVALID) return setCodeError(authErrorText(error, t));
        if (error.code === LOGIN_CODE_REQUIRED) {
          // Asked again with the step open: that was "send a new code".
          if (codeNotice !== null) toast.success(t("auth.toasts.loginCodeResent"));
          return setCodeNotice(authErrorText(error, t));
        }
        toast.error(t("auth.toasts.signInErrorTitle"), { description: authErrorText(error, t) });
        return;
      }
      if (data && "twoFactorRedirect" in data && data.twoFactorRedirect) {
        setSecondFactor(true);
        return;
      }
      const destination = await destinationAfterSignIn(next || null);
      router.replace(destination);
      router.refresh();
    } catch {
      toast.error(t("auth.toasts.signInErrorTitle"), { description: t("auth.errors.generic") });
    } finally {
      setPending(false);
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void signIn(codeNotice !== null);
  }

  async function resend() {
    const { error } = await authClient.sendVerificationEmail({
      email: email.trim(),
      callbackURL: confirmationCallback(next),
    });
    if (error) toast.error(authErrorText(error, t));
    else toast.success(t("auth.toasts.confirmationSent"));
  }

  if (secondFactor) return <TwoFactorStep next={next} onCancel={() => setSecondFactor(false)} />;

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-busy={pending}>
      <Field label={t("auth.fields.email")} error={errors.email && t(errors.email)}>
        <Input
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setCodeNotice(null);
          }}
          disabled={pending}
        />
      </Field>
      <Field label={t("auth.fields.password")} error={errors.password && t(errors.password)}>
        <PasswordInput
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          disabled={pending}
        />
      </Field>
      {codeNotice !== null && (
        <SignInCodeStep
          notice={codeNotice}
          value={loginCode}
          onChange={setLoginCode}
          error={codeError}
          disabled={pending}
          onResend={() => void signIn(false)}
        />
      )}
      {unconfirmed && (
        <div
          role="status"
          className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
        >
          <p>{t("auth.errors.emailNotVerified")}</p>
          <Button type="button" variant="secondary" size="sm" className="mt-2" onClick={resend}>
            {t("auth.actions.resendConfirmation")}
          </Button>
        </div>
      )}
      <Button type="submit" disabled={pending}>
        {pending ? t("auth.actions.submitting") : t("auth.actions.signIn")}
      </Button>
      <Link
        href="/auth/forgot-password"
        className="touch-target inline-flex items-center justify-center text-center text-sm text-brand-600 hover:underline"
      >
        {t("auth.actions.forgotPassword")}
      </Link>
    </form>
  );
}

function SignUpForm({ next, initialEmail }: { next: string; initialEmail: string }) {
  const t = useTranslations();
  const checklistId = useId();
  const [values, setValues] = useState({ displayName: "", email: initialEmail, password: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const set = (field: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = checkSignUp(values);
    if (!parsed.ok) {
      setErrors(parsed.fieldErrors);
      toast.error(t("auth.toasts.signUpErrorTitle"), { description: t("validation.invalidForm") });
      return;
    }
    setErrors({});
    setPending(true);
    try {
      const { error } = await authClient.signUp.email({
        name: parsed.data.displayName,
        email: parsed.data.email,
        password: parsed.data.password,
        callbackURL: confirmationCallback(next),
      });
      if (error) {
        toast.error(t("auth.toasts.signUpErrorTitle"), { description: authErrorText(error, t) });
        return;
      }
      toast.success(t("auth.toasts.signUpSuccessTitle"), { description: t("auth.toasts.signUpSuccessBody") });
      setDone(parsed.data.email);
    } catch {
      toast.error(t("auth.toasts.signUpErrorTitle"), { description: t("auth.errors.generic") });
    } finally {
      setPending(false);
    }
  }

  if (done) {
    return (
      <div
        role="status"
        className="rounded-lg bg-green-50 p-4 text-green-900 dark:bg-green-950 dark:text-green-100"
      >
        <h2 className="font-semibold">{t("auth.signUpDone.title")}</h2>
        <p className="mt-1 text-sm">{t("auth.signUpDone.body", { email: done })}</p>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-busy={pending}>
      <Field label={t("auth.fields.displayName")} error={errors.displayName && t(errors.displayName)}>
        <Input
          name="displayName"
          autoComplete="name"
          required
          value={values.displayName}
          onChange={set("displayName")}
          disabled={pending}
        />
      </Field>
      <Field label={t("auth.fields.email")} error={errors.email && t(errors.email)}>
        <Input
          name="email"
          type="email"
          autoComplete="email"
          required
          value={values.email}
          onChange={set("email")}
          disabled={pending}
        />
      </Field>
      <Field
        label={t("auth.fields.password")}
        error={errors.password && t(errors.password, passwordMessageValues)}
      >
        <PasswordInput
          name="password"
          autoComplete="new-password"
          required
          value={values.password}
          onChange={set("password")}
          disabled={pending}
        />
      </Field>
      <PasswordChecklist id={checklistId} password={values.password} />
      <Button type="submit" disabled={pending}>
        {pending ? t("auth.actions.submitting") : t("auth.actions.signUp")}
      </Button>
    </form>
  );
}
