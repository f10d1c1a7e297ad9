"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { toast } from "@/components/ui/lazy-toast";
import { postForm } from "@/components/marketing/post-form";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input, Textarea } from "@/components/ui/input";
import { CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX, EMAIL_MAX } from "@/lib/features/marketing/limits";

type Values = { name: string; email: string; message: string };
const empty: Values = { name: "", email: "", message: "" };

/**
 * Contact Us (spec §2, §5, §8): name, e-mail, message; cannot be closed while sending;
 * closes and resets on success.
 */
export function ContactDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useTranslations();
  const [values, setValues] = useState<Values>(empty);
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const [pending, setPending] = useState(false);

  const change = (field: keyof Values) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const website = String(new FormData(event.currentTarget).get("website") ?? "");
    setPending(true);
    setErrors({});
    const result = await postForm("contact", { ...values, website });
    setPending(false);
    if (result.ok) {
      if (result.sanitized) toast.warning(t("validation.sanitized"));
      toast.success(t("forms.successTitle"), { description: t("forms.contactSuccess") });
      setValues(empty);
      onOpenChange(false);
      return;
    }
    const fieldErrors: Partial<Record<keyof Values, string>> = {};
    for (const field of ["name", "email", "message"] as const) {
      const key = result.fieldErrors[field];
      if (key) fieldErrors[field] = t(key);
    }
    setErrors(fieldErrors);
    toast.error(t("forms.errorTitle"), {
      description: Object.keys(fieldErrors).length ? t("validation.invalidForm") : t("forms.contactError"),
    });
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent
        title={t("contact.title")}
        description={t("contact.description")}
        closeLabel={t("common.close")}
        hideClose={pending}
        onEscapeKeyDown={(e) => pending && e.preventDefault()}
        onPointerDownOutside={(e) => pending && e.preventDefault()}
        onInteractOutside={(e) => pending && e.preventDefault()}
      >
        <form onSubmit={onSubmit} className="flex flex-col gap-4" aria-busy={pending}>
          <fieldset disabled={pending} className="flex flex-col gap-4">
            <Field label={t("contact.name")} error={errors.name}>
              <Input
                name="name"
                required
                maxLength={CONTACT_NAME_MAX}
                autoComplete="name"
                value={values.name}
                onChange={change("name")}
              />
            </Field>
            <Field label={t("forms.emailLabel")} error={errors.email}>
              <Input
                name="email"
                type="email"
                required
                maxLength={EMAIL_MAX}
                autoComplete="email"
                value={values.email}
                onChange={change("email")}
              />
            </Field>
            <Field
              label={t("contact.message")}
              error={errors.message}
              hint={t("contact.messageHint", { count: values.message.length, max: CONTACT_MESSAGE_MAX })}
            >
              <Textarea
                name="message"
                required
                rows={5}
                maxLength={CONTACT_MESSAGE_MAX}
                value={values.message}
                onChange={change("message")}
              />
            </Field>
            <input
              type="text"
              name="website"
              tabIndex={-1}
              autoComplete="off"
              aria-hidden
              className="hidden"
            />
          </fieldset>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="ghost" disabled={pending} onClick={() => onOpenChange(false)}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" variant="brand" disabled={pending}>
              {pending ? t("forms.sending") : t("contact.send")}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
