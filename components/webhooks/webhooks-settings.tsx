"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { PlanGateNotice } from "@/components/admin/plan-gate-notice";
import { useFormAction } from "@/components/admin/use-form-action";
import {
  WebhookSecretOnce,
  WebhookEndpointCard,
  type EndpointRow,
} from "@/components/webhooks/webhook-endpoint";
import { Button } from "@/components/ui/button";
import { CardSection } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { createWebhookEndpointAction } from "@/lib/features/webhooks/actions";
import { WEBHOOK_EVENT_TYPES } from "@/lib/features/webhooks/events";

function AddEndpointForm({ onCreated }: { onCreated: (secret: string) => void }) {
  const t = useTranslations("settings.integrations");
  const { submitWith, pending, fieldError } = useFormAction(null, {
    successMessage: () => t("added"),
    onSuccess: (data: { secret: string }, form) => {
      form?.reset();
      onCreated(data.secret);
    },
  });
  return (
    <form
      noValidate
      aria-busy={pending}
      data-testid="webhook-add-form"
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        const form = event.currentTarget;
        const data = new FormData(form);
        const url = String(data.get("url") ?? "");
        const eventTypes = data.getAll("eventTypes").map(String);
        // Uncontrolled: a refusal leaves what was typed and ticked in place.
        submitWith(() => createWebhookEndpointAction({ url, eventTypes }), form);
      }}
    >
      <Field label={t("urlLabel")} hint={t("urlHint")} error={fieldError("url")}>
        <Input name="url" type="url" autoComplete="off" spellCheck={false} disabled={pending} />
      </Field>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-semibold">{t("eventsLabel")}</legend>
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <Checkbox
            key={type}
            name="eventTypes"
            value={type}
            label={t(`events.${type.replace(".", "_")}`)}
            disabled={pending}
          />
        ))}
        {fieldError("eventTypes") && (
          <p className="text-sm text-red-700 dark:text-red-400" role="alert">
            {fieldError("eventTypes")}
          </p>
        )}
      </fieldset>
      <div>
        <Button type="submit" disabled={pending}>
          {t("add")}
        </Button>
      </div>
    </form>
  );
}

/** Settings → Integrations: outgoing webhooks (plan feature `webhooks`, admins only). */
export function WebhooksSettings({ allowed, endpoints }: { allowed: boolean; endpoints: EndpointRow[] }) {
  const t = useTranslations("settings.integrations");
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <CardSection
      id="webhooks-title"
      title={t("webhooksTitle")}
      description={t("webhooksDescription")}
      className="flex flex-col gap-4"
    >
      {allowed ? (
        <AddEndpointForm onCreated={setSecret} />
      ) : (
        <PlanGateNotice testId="webhooks-plan-gate" message={t("planGate")} linkLabel={t("planGateLink")} />
      )}
      {secret && <WebhookSecretOnce secret={secret} onDone={() => setSecret(null)} />}
      {endpoints.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("empty")}</p>
      ) : (
        <ul className="flex flex-col gap-4">
          {endpoints.map((endpoint) => (
            <WebhookEndpointCard key={endpoint.id} endpoint={endpoint} allowed={allowed} />
          ))}
        </ul>
      )}
    </CardSection>
  );
}
