"use client";

import { useTranslations } from "next-intl";
import { useState, useTransition, type FormEvent } from "react";
import { toast } from "sonner";
import type { MessageValues } from "@/lib/core/error-body";

/** Placeholder values of validation messages (e.g. the URL format hint). */
const messageValues = { host: "https://example.com", min: 8 };

/** What a server action answers (structurally: any action result with i18n keys fits). */
export type FormActionResult<T> =
  | { ok: true; data: T }
  | { ok: false; message: string; fieldErrors: Record<string, string>; values?: MessageValues };

/**
 * THE way admin forms submit to server actions (one pattern, every admin form):
 * - Render the controls in `Field`s and pass `fieldError(name)`: the server's field errors are
 *   i18n keys, translated here; a refusal also shows its message (with its values) in a toast.
 * - Disable the controls and the submit button while `pending`.
 * - Uncontrolled forms (the settings) pass a FormData action and use `onSubmit`; forms that keep
 *   typed values in state (content, events) call `submitWith(() => action(values))` from their
 *   own submit handler.
 * It never uses React's automatic form reset (which would wipe what the user typed when the
 * server refuses it). A successful submission clears the field errors.
 */
export function useFormAction<T>(
  action: ((previous: null, formData: FormData) => Promise<FormActionResult<T>>) | null,
  options: {
    successMessage?: (data: T) => string;
    onSuccess?: (data: T, form: HTMLFormElement | null) => void;
  } = {},
) {
  const t = useTranslations();
  const [pending, startTransition] = useTransition();
  const [result, setResult] = useState<FormActionResult<T> | null>(null);

  function submitWith(call: () => Promise<FormActionResult<T>>, form: HTMLFormElement | null = null) {
    startTransition(async () => {
      const outcome = await call();
      setResult(outcome);
      if (outcome.ok) {
        if (options.successMessage) toast.success(options.successMessage(outcome.data));
        options.onSuccess?.(outcome.data, form);
      } else {
        toast.error(t(outcome.message, { ...messageValues, ...outcome.values }));
      }
    });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!action) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    submitWith(() => action(null, data), form);
  }

  const failure = result && !result.ok ? result : null;
  return {
    onSubmit,
    submitWith,
    pending,
    /** The translated error of one field, if the last submission refused it. */
    fieldError: (name: string) => {
      const key = failure?.fieldErrors[name];
      return key ? t(key, messageValues) : undefined;
    },
  };
}
