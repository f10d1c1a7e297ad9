"use client";

import { useTranslations } from "next-intl";
import { useId, useRef, useState, type FormEvent } from "react";
import { toast } from "@/components/ui/lazy-toast";
import { engagementClient, type PublicComment } from "@/components/engagement/api";
import { RatingInput } from "@/components/engagement/rating-stars";
import { newRequestId } from "@/components/engagement/request-id";
import { useMessage } from "@/components/engagement/use-message";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input, Textarea } from "@/components/ui/input";
import { COMMENT_NAME_MAX, COMMENT_TEXT_MAX } from "@/lib/features/engagement/comment-limits";

type Errors = Partial<Record<"name" | "rating" | "text", string>>;

/**
 * The comment form: optional name, a required 1–5 star rating and the text (≤ 1000). One
 * request id per comment, kept until the server confirms it, so a retry after a lost answer
 * does not post it twice. A failure keeps what was typed.
 */
export function CommentForm({
  contentId,
  onPosted,
}: {
  contentId: string;
  onPosted: (c: PublicComment) => void;
}) {
  const t = useTranslations();
  const message = useMessage();
  const [name, setName] = useState("");
  const [rating, setRating] = useState<number | null>(null);
  const [text, setText] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);
  const requestId = useRef<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const ratingErrorId = useId();
  const titleId = useId();

  const focusFirstInvalid = () =>
    requestAnimationFrame(() =>
      form.current
        ?.querySelector<HTMLElement>("[aria-invalid='true'], fieldset[aria-describedby] input")
        ?.focus(),
    );

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const local: Errors = {};
    if (rating === null) local.rating = t("engagement.comments.ratingRequired");
    if (text.trim() === "") local.text = t("engagement.comments.textRequired");
    if (Object.keys(local).length > 0) {
      setErrors(local);
      focusFirstInvalid();
      return;
    }
    setErrors({});
    setPending(true);
    requestId.current ??= newRequestId();
    const result = await engagementClient.comment(contentId, {
      ...(name.trim() ? { name: name.trim() } : {}),
      rating: rating!,
      text,
      requestId: requestId.current,
    });
    setPending(false);
    if (result.ok) {
      const posted = result.data.comment;
      requestId.current = null;
      // The server strips scripts and handlers (spec §5): say so when it changed the text.
      if (posted.text !== text.trim()) toast.warning(t("validation.sanitized"));
      setName("");
      setRating(null);
      setText("");
      onPosted(posted);
      return;
    }
    const fields: Errors = {};
    for (const field of ["name", "rating", "text"] as const) {
      const key = result.fieldErrors[field];
      if (key) fields[field] = message(key, "errors.commentError");
    }
    setErrors(fields);
    if (Object.keys(fields).length > 0) focusFirstInvalid();
    else toast.error(message(result.status === 429 ? result.messageKey : null, "errors.commentError"));
  }

  return (
    <form
      ref={form}
      onSubmit={submit}
      noValidate
      aria-busy={pending}
      aria-labelledby={titleId}
      className="flex flex-col gap-4 rounded-2xl border border-zinc-200 p-4 sm:p-6 dark:border-zinc-800"
    >
      <h3 id={titleId} className="text-lg font-semibold">
        {t("engagement.comments.formTitle")}
      </h3>
      <Field label={t("engagement.comments.name")} error={errors.name}>
        <Input
          name="name"
          autoComplete="nickname"
          maxLength={COMMENT_NAME_MAX}
          value={name}
          disabled={pending}
          onChange={(e) => setName(e.target.value)}
          className="min-h-11 sm:max-w-sm"
        />
      </Field>
      <RatingInput
        name="rating"
        label={t("engagement.comments.ratingLabel")}
        value={rating}
        onChange={(n) => {
          setRating(n);
          // Chosen stars are a valid rating: its error goes at once.
          setErrors(({ rating: _cleared, ...rest }) => rest);
        }}
        error={errors.rating}
        errorId={ratingErrorId}
        hint={t("engagement.comments.ratingHint")}
        disabled={pending}
      />
      <Field
        label={t("engagement.comments.text")}
        error={errors.text}
        hint={t("engagement.comments.counter", { count: text.length, max: COMMENT_TEXT_MAX })}
      >
        <Textarea
          name="text"
          required
          rows={4}
          maxLength={COMMENT_TEXT_MAX}
          value={text}
          disabled={pending}
          onChange={(e) => {
            setText(e.target.value);
            if (e.target.value.trim() !== "") setErrors(({ text: _cleared, ...rest }) => rest);
          }}
        />
      </Field>
      <div>
        <Button type="submit" variant="brand" disabled={pending} className="min-h-11">
          {pending ? t("engagement.comments.sending") : t("engagement.comments.submit")}
        </Button>
      </div>
    </form>
  );
}
