"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { PlanGateNotice } from "@/components/admin/plan-gate-notice";
import { useFormAction } from "@/components/admin/use-form-action";
import { Button } from "@/components/ui/button";
import { CardSection } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { SecretOnce } from "@/components/ui/secret-once";
import { optionsOf, Select } from "@/components/ui/select";
import { Table, TableBody, TableHead, TableRow } from "@/components/ui/table";
import { createApiKeyAction, revokeApiKeyAction } from "@/lib/features/api-keys/actions";
import type { ApiKeyView } from "@/lib/features/api-keys/queries";
import {
  API_DOCUMENT_PATH,
  API_KEY_LIFETIMES,
  API_REFERENCE_PATH,
  API_SCOPES,
  DEFAULT_API_KEY_LIFETIME,
} from "@/lib/features/api-keys/scopes";

const scopeKey = (scope: string) => `scopes.${scope.replace(":", "_")}`;

function CreateKeyForm({ onCreated }: { onCreated: (token: string) => void }) {
  const t = useTranslations("settings.integrations.apiKeys");
  const { submitWith, pending, fieldError } = useFormAction(null, {
    successMessage: () => t("created"),
    onSuccess: (data: { token: string }, form) => {
      form?.reset();
      onCreated(data.token);
    },
  });
  return (
    <form
      noValidate
      aria-busy={pending}
      data-testid="api-key-form"
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        const form = event.currentTarget;
        const data = new FormData(form);
        const input = {
          name: String(data.get("name") ?? ""),
          scopes: data.getAll("scopes").map(String),
          lifetime: String(data.get("lifetime") ?? ""),
        };
        // Uncontrolled: a refusal leaves what was typed and ticked in place.
        submitWith(() => createApiKeyAction(input), form);
      }}
    >
      <Field label={t("nameLabel")} hint={t("nameHint")} error={fieldError("name")}>
        <Input name="name" autoComplete="off" maxLength={60} disabled={pending} />
      </Field>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-semibold">{t("scopesLabel")}</legend>
        {API_SCOPES.map((scope) => (
          <Checkbox key={scope} name="scopes" value={scope} label={t(scopeKey(scope))} disabled={pending} />
        ))}
        {fieldError("scopes") && (
          <p className="text-sm text-red-700 dark:text-red-400" role="alert">
            {fieldError("scopes")}
          </p>
        )}
      </fieldset>
      <Field label={t("lifetimeLabel")} error={fieldError("lifetime")}>
        <Select
          name="lifetime"
          defaultValue={DEFAULT_API_KEY_LIFETIME}
          disabled={pending}
          options={optionsOf(API_KEY_LIFETIMES, (value) => t(`lifetime.${value}`))}
        />
      </Field>
      <div>
        <Button type="submit" disabled={pending}>
          {t("create")}
        </Button>
      </div>
    </form>
  );
}

function KeyState({ apiKey, now }: { apiKey: ApiKeyView; now: number }) {
  const t = useTranslations("settings.integrations.apiKeys");
  const format = useFormatter();
  const day = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium" });
  if (apiKey.revokedAt) return <>{t("revoked", { date: day(apiKey.revokedAt) })}</>;
  if (apiKey.expiresAt && new Date(apiKey.expiresAt).getTime() <= now) return <>{t("expired")}</>;
  return <>{apiKey.expiresAt ? day(apiKey.expiresAt) : t("noExpiry")}</>;
}

function KeysTable({ keys, allowed }: { keys: ApiKeyView[]; allowed: boolean }) {
  const t = useTranslations("settings.integrations.apiKeys");
  const tAll = useTranslations();
  const format = useFormatter();
  // One clock for the whole render, so a key cannot be "expired" in one cell and not in another.
  const [now] = useState(() => Date.now());
  const cols = ["colName", "colKey", "colScopes", "colCreated", "colLastUsed", "colExpires"] as const;
  return (
    <Table region={{ label: t("caption") }}>
      <caption className="sr-only">{t("caption")}</caption>
      <TableHead>
        {cols.map((col) => (
          <th key={col} scope="col" className="px-3 py-2 whitespace-nowrap">
            {t(col)}
          </th>
        ))}
        <th scope="col" className="px-3 py-2 whitespace-nowrap">
          <span className="sr-only">{t("colActions")}</span>
        </th>
      </TableHead>
      <TableBody>
        {keys.map((key) => {
          const live = !key.revokedAt && !(key.expiresAt && new Date(key.expiresAt).getTime() <= now);
          return (
            <TableRow key={key.id} look="ruled" data-testid="api-key-row">
              <td className="px-3 py-2">
                <span className="font-semibold">{key.name}</span>
                <span className="block text-xs text-zinc-600 dark:text-zinc-400">
                  {t("createdBy", { name: key.createdBy })}
                </span>
              </td>
              <td className="px-3 py-2 font-mono">{key.prefix}…</td>
              <td className="px-3 py-2">{key.scopes.map((s) => t(scopeKey(s))).join(", ")}</td>
              <td className="px-3 py-2 whitespace-nowrap">
                {format.dateTime(new Date(key.createdAt), { dateStyle: "medium" })}
              </td>
              <td className="px-3 py-2 whitespace-nowrap">
                {key.lastUsedAt
                  ? format.dateTime(new Date(key.lastUsedAt), { dateStyle: "medium", timeStyle: "short" })
                  : t("neverUsed")}
              </td>
              <td className="px-3 py-2 whitespace-nowrap" data-testid="api-key-state">
                <KeyState apiKey={key} now={now} />
              </td>
              <td className="px-3 py-2">
                {allowed && live && (
                  <ConfirmButton
                    size="sm"
                    title={t("revokeTitle")}
                    message={t("revokeMessage")}
                    confirmLabel={t("revoke")}
                    onConfirm={async () => {
                      const result = await revokeApiKeyAction(key.id);
                      if (result.ok) toast.success(t("revokedDone"));
                      else toast.error(tAll(result.message, result.values));
                      return result.ok;
                    }}
                  >
                    {t("revoke")}
                  </ConfirmButton>
                )}
              </td>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

/** Settings → Integrations → API keys (plan feature `api`, admins only; issue #38). */
export function ApiKeysSettings({ allowed, keys }: { allowed: boolean; keys: ApiKeyView[] }) {
  const t = useTranslations("settings.integrations.apiKeys");
  const tIntegrations = useTranslations("settings.integrations");
  const [token, setToken] = useState<string | null>(null);
  return (
    <CardSection
      id="api-keys-title"
      title={t("title")}
      description={t("description")}
      className="flex flex-col gap-4"
    >
      <p className="flex flex-wrap gap-4 text-sm">
        <a className="underline underline-offset-2" href={API_REFERENCE_PATH}>
          {t("docs")}
        </a>
        <a className="underline underline-offset-2" href={API_DOCUMENT_PATH}>
          {t("openapi")}
        </a>
      </p>
      {allowed ? (
        <CreateKeyForm onCreated={setToken} />
      ) : (
        <PlanGateNotice
          testId="api-keys-plan-gate"
          message={t("planGate")}
          linkLabel={tIntegrations("planGateLink")}
        />
      )}
      {token && (
        <SecretOnce
          secret={token}
          title={t("tokenTitle")}
          what={t("tokenWhat")}
          testId="api-key-token"
          onDone={() => setToken(null)}
        />
      )}
      {keys.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("empty")}</p>
      ) : (
        <KeysTable keys={keys} allowed={allowed} />
      )}
    </CardSection>
  );
}
