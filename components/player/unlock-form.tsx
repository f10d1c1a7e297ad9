"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { engagementClient } from "@/components/engagement/api";
import { useMessage } from "@/components/engagement/use-message";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

/**
 * The one password form of a password gallery or a password event (issue #36). The server sets
 * the gallery's or the event's unlock cookie; the page is then loaded again, which the proxy
 * serves per request for that browser only. A wrong password keeps what was typed, says so, and
 * puts the focus back in the field.
 */
export function UnlockForm({ target }: { target: { kind: "gallery" | "event"; id: string } }) {
  const isEvent = target.kind === "event";
  const t = useTranslations();
  const message = useMessage();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (pending) return;
    if (password === "") {
      setError(t("engagement.errors.passwordRequired"));
      return;
    }
    setPending(true);
    setError(undefined);
    const result = isEvent
      ? await engagementClient.unlockEvent(target.id, password)
      : await engagementClient.unlock(target.id, password);
    if (result.ok) {
      window.location.reload();
      return;
    }
    setPending(false);
    setError(message(result.fieldErrors.password ?? result.messageKey, "engagement.errors.unlockFailed"));
    form.querySelector("input")?.focus();
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex w-full max-w-sm flex-col gap-3 text-left"
      data-testid="unlock-form"
    >
      <Field
        label={t(isEvent ? "player.protected.eventPasswordLabel" : "player.protected.passwordLabel")}
        error={error}
      >
        <Input
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          required
        />
      </Field>
      <Button type="submit" disabled={pending}>
        {pending
          ? t("player.protected.opening")
          : t(isEvent ? "player.protected.openEvent" : "player.protected.open")}
      </Button>
    </form>
  );
}
