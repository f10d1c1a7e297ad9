"use client";

import { useTranslations } from "next-intl";
import { useId, useState, type FormEvent } from "react";
import { toast } from "@/components/ui/lazy-toast";
import { postForm } from "@/components/marketing/post-form";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { EMAIL_MAX } from "@/lib/features/marketing/limits";
import { cx } from "@/lib/core/join-classes";

/** The register-your-interest and newsletter forms: one e-mail field (spec §5, §8). */
export function SignupForm({ form, className }: { form: "interest" | "newsletter"; className?: string }) {
  const t = useTranslations();
  const id = useId();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    const data = new FormData(element);
    setPending(true);
    setError(null);
    const result = await postForm(form, {
      email: String(data.get("email") ?? ""),
      website: String(data.get("website") ?? ""),
    });
    setPending(false);
    if (result.ok) {
      element.reset();
      toast.success(t("forms.successTitle"), {
        description: t(form === "interest" ? "forms.interestSuccess" : "forms.newsletterSuccess"),
      });
    } else {
      const fieldError = result.fieldErrors.email;
      if (fieldError) setError(t(fieldError));
      toast.error(t("forms.errorTitle"), { description: fieldError ? t(fieldError) : t("forms.error") });
    }
  }

  return (
    <form
      onSubmit={onSubmit}
      noValidate={false}
      className={cx("flex w-full flex-col gap-2", className)}
      aria-busy={pending}
    >
      <label htmlFor={`${id}-email`} className="sr-only">
        {t("forms.emailLabel")}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={`${id}-email`}
          name="email"
          type="email"
          required
          maxLength={EMAIL_MAX}
          autoComplete="email"
          placeholder={t("forms.emailPlaceholder")}
          disabled={pending}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="h-12 text-base sm:flex-1"
        />
        {/* Honeypot: hidden from people and assistive technology, filled by bots. */}
        <input type="text" name="website" tabIndex={-1} autoComplete="off" aria-hidden className="hidden" />
        <Button type="submit" size="lg" variant="brand" disabled={pending}>
          {pending
            ? t("forms.sending")
            : t(form === "interest" ? "forms.interestSubmit" : "forms.newsletterSubmit")}
        </Button>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </form>
  );
}
