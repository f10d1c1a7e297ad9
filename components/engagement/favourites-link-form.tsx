"use client";

import { useLocale, useTranslations } from "next-intl";
import { useId, useState, type FormEvent } from "react";
import { engagementClient } from "@/components/engagement/api";
import { ConsentCheckbox, PrivacyLink } from "@/components/engagement/consent-checkbox";
import { useMessage } from "@/components/engagement/use-message";
import { Button } from "@/components/ui/button";
import { Input, Label } from "@/components/ui/input";
import { EMAIL_PATTERN } from "@/lib/core/validation/rules";

const EMAIL_MAX = 254;

interface Problems {
  email?: string;
  consent?: string;
  form?: string;
}

/**
 * "Get my favourites on another device" (issue #36): the fan's e-mail and their agreement that it
 * is used to send the link, worded like the lead form's consent. The answer is the same whether
 * a mail goes out, so the confirmation says where to look, not that it was sent. Loaded when the
 * fan opens it (not part of the player's first load).
 */
export function FavouritesLinkForm({ contentId, privacyUrl }: { contentId: string; privacyUrl: string }) {
  const t = useTranslations();
  const locale = useLocale();
  const message = useMessage();
  const [email, setEmail] = useState("");
  const [consent, setConsent] = useState(false);
  const [problems, setProblems] = useState<Problems>({});
  const [pending, setPending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const emailId = useId();
  const consentId = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const address = email.trim();
    const local: Problems = {
      ...(address === ""
        ? { email: "validation.inputEmpty" }
        : EMAIL_PATTERN.test(address)
          ? {}
          : { email: "validation.emailInvalid" }),
      ...(consent ? {} : { consent: "engagement.errors.favouritesConsentRequired" }),
    };
    setProblems(local);
    if (local.email || local.consent) {
      document.getElementById(local.email ? emailId : consentId)?.focus();
      return;
    }
    setPending(true);
    const result = await engagementClient.favouritesLink(contentId, { email: address, consent, locale });
    setPending(false);
    if (result.ok) {
      setSentTo(address);
      setEmail("");
      setConsent(false);
      return;
    }
    setProblems({
      email: result.fieldErrors.email,
      consent: result.fieldErrors.consent,
      form: result.messageKey ?? "engagement.errors.favouritesLinkFailed",
    });
  }

  const describedBy = (id: string, problem: string | undefined) => (problem ? `${id}-error` : undefined);
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-busy={pending}
      aria-labelledby={`${emailId}-title`}
      className="flex flex-col gap-3 rounded-2xl border border-zinc-300 p-4 dark:border-zinc-600"
      data-testid="favourites-link-form"
    >
      <h2 id={`${emailId}-title`} className="text-base font-semibold">
        {t("gallery.favouritesLink.title")}
      </h2>
      <p className="text-sm text-zinc-600 dark:text-zinc-300">{t("gallery.favouritesLink.description")}</p>
      <fieldset disabled={pending} className="flex flex-col gap-3">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={emailId}>{t("gallery.favouritesLink.email")}</Label>
          <Input
            id={emailId}
            type="email"
            autoComplete="email"
            inputMode="email"
            maxLength={EMAIL_MAX}
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={problems.email !== undefined || undefined}
            aria-describedby={describedBy(emailId, problems.email)}
          />
          {problems.email && (
            <p id={`${emailId}-error`} className="text-sm text-red-600 dark:text-red-400">
              {message(problems.email, "validation.emailInvalid")}
            </p>
          )}
        </div>
        <ConsentCheckbox
          id={consentId}
          checked={consent}
          onChange={setConsent}
          error={problems.consent && message(problems.consent, "validation.invalidForm")}
          label={t.rich("gallery.favouritesLink.consent", {
            link: (chunks) => <PrivacyLink href={privacyUrl}>{chunks}</PrivacyLink>,
          })}
        />
      </fieldset>
      {problems.form && !problems.email && !problems.consent && (
        <p role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">
          {message(problems.form, "engagement.errors.favouritesLinkFailed")}
        </p>
      )}
      <p role="status" className="text-sm font-medium text-zinc-800 empty:hidden dark:text-zinc-100">
        {sentTo && t("gallery.favouritesLink.sent", { email: sentTo })}
      </p>
      <div>
        <Button type="submit" variant="brand" className="min-h-11">
          {pending ? t("gallery.favouritesLink.sending") : t("gallery.favouritesLink.submit")}
        </Button>
      </div>
    </form>
  );
}
