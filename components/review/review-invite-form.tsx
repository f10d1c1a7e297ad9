"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { fromLocalInput, toLocalInput } from "@/components/ui/datetime-local";
import { Field } from "@/components/ui/field";
import { Input, Textarea } from "@/components/ui/input";
import { inviteReviewersAction } from "@/lib/features/review/actions";

interface Settings {
  message: string;
  deadline: string | null;
  minApprovals: number | null;
  maxApprovals: number | null;
}

/**
 * Invites reviewers to the draft by e-mail (issue #36), with the organiser's words, an optional
 * deadline and an optional minimum and maximum of approvals per reviewer. Inviting again (the
 * review is open) adds reviewers and updates what every reviewer sees; a refusal keeps what was
 * typed.
 */
export function ReviewInviteForm({
  contentId,
  open,
  initial,
}: {
  contentId: string;
  open: boolean;
  initial: Settings;
}) {
  const t = useTranslations("review.admin");
  const tAll = useTranslations();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [emails, setEmails] = useState("");
  const [message, setMessage] = useState(initial.message);
  const [deadline, setDeadline] = useState(toLocalInput(initial.deadline));
  const [min, setMin] = useState(initial.minApprovals?.toString() ?? "");
  const [max, setMax] = useState(initial.maxApprovals?.toString() ?? "");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [errorValues, setErrorValues] = useState<Record<string, string | number>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const error = (field: string) => (errors[field] ? tAll(errors[field], errorValues) : undefined);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    startTransition(async () => {
      const result = await inviteReviewersAction(contentId, {
        emails,
        message,
        deadline: fromLocalInput(deadline) ?? "",
        minApprovals: min,
        maxApprovals: max,
      });
      if (!result.ok) {
        setErrors(result.fieldErrors);
        setErrorValues(result.values);
        setFormError(
          Object.keys(result.fieldErrors).length === 0 ? tAll(result.message, result.values) : null,
        );
        return;
      }
      setErrors({});
      setFormError(null);
      setEmails("");
      toast.success(t("invitedToast", { count: result.data.invited.length }));
      router.refresh();
    });
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2" data-testid="review-invite-form">
      <div className="sm:col-span-2">
        <Field label={t("emails")} hint={t("emailsHint")} error={error("emails")}>
          <Textarea rows={3} value={emails} onChange={(e) => setEmails(e.target.value)} autoComplete="off" />
        </Field>
      </div>
      <div className="sm:col-span-2">
        <Field label={t("message")} hint={t("messageHint")} error={error("message")}>
          <Textarea rows={3} maxLength={1000} value={message} onChange={(e) => setMessage(e.target.value)} />
        </Field>
      </div>
      <Field label={t("deadline")} hint={t("deadlineHint")} error={error("deadline")}>
        <Input type="datetime-local" value={deadline} onChange={(e) => setDeadline(e.target.value)} />
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field label={t("minApprovals")} error={error("minApprovals")}>
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            value={min}
            onChange={(e) => setMin(e.target.value)}
          />
        </Field>
        <Field label={t("maxApprovals")} error={error("maxApprovals")}>
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            value={max}
            onChange={(e) => setMax(e.target.value)}
          />
        </Field>
      </div>
      {formError && (
        <p role="alert" className="text-sm text-red-700 sm:col-span-2 dark:text-red-400">
          {formError}
        </p>
      )}
      <div className="sm:col-span-2">
        <Button type="submit" disabled={pending}>
          {pending ? t("sending") : open ? t("inviteMore") : t("send")}
        </Button>
      </div>
    </form>
  );
}
