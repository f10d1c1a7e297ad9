"use client";

import { useTranslations } from "next-intl";
import { useState, useTransition, type FormEvent } from "react";
import { toast } from "sonner";
import type { ActionResult } from "@/lib/errors";

/** Placeholder values of validation messages (e.g. the URL format hint). */
const messageValues = { host: "https://example.com", min: 8 };

/**
 * Submits a form to a server action without React's automatic form reset (which would wipe
 * what the user typed when the server refuses it), and turns the result into field errors
 * and a toast.
 */
export function useFormAction<T>(
  action: (previous: ActionResult<T> | null, formData: FormData) => Promise<ActionResult<T>>,
  options: {
    successMessage?: (data: T) => string;
    onSuccess?: (data: T, form: HTMLFormElement) => void;
  } = {},
) {
  const t = useTranslations();
  const [pending, startTransition] = useTransition();
  const [result, setResult] = useState<ActionResult<T> | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    startTransition(async () => {
      const outcome = await action(null, data);
      setResult(outcome);
      if (outcome.ok) {
        if (options.successMessage) toast.success(options.successMessage(outcome.data));
        options.onSuccess?.(outcome.data, form);
      } else {
        toast.error(t(outcome.message, messageValues));
      }
    });
  }

  const failure = result && !result.ok ? result : null;
  return {
    onSubmit,
    pending,
    /** The translated error of one field, if the last submission refused it. */
    fieldError: (name: string) => {
      const key = failure?.fieldErrors[name];
      return key ? t(key, messageValues) : undefined;
    },
  };
}
