"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { SecretOnce } from "@/components/ui/secret-once";
import { Table, TableBody, TableHead, TableRow } from "@/components/ui/table";
import {
  deleteWebhookEndpointAction,
  resendWebhookDeliveryAction,
  rotateWebhookSecretAction,
  sendWebhookTestEventAction,
  setWebhookEndpointEnabledAction,
} from "@/lib/features/webhooks/actions";
import type { WebhookEndpointView } from "@/lib/features/webhooks/queries";

export type EndpointRow = WebhookEndpointView;

/** The signing secret, shown once after creating or rotating: it is stored only encrypted. */
export function WebhookSecretOnce({ secret, onDone }: { secret: string; onDone: () => void }) {
  const t = useTranslations("settings.integrations");
  return (
    <SecretOnce
      secret={secret}
      title={t("secretTitle")}
      what={t("secretWhat")}
      testId="webhook-secret"
      onDone={onDone}
    />
  );
}

type Result = { ok: true } | { ok: false; message: string; values?: Record<string, string | number | Date> };

/** Runs one action and toasts its outcome (the page re-reads itself through revalidation). */
function useRun() {
  const tAll = useTranslations();
  const [pending, startTransition] = useTransition();
  function run(call: () => Promise<Result>, success: string) {
    startTransition(async () => {
      const result = await call();
      if (result.ok) toast.success(success);
      else toast.error(tAll(result.message, result.values));
    });
  }
  return { pending, run };
}

function DeliveryLog({ endpoint }: { endpoint: EndpointRow }) {
  const t = useTranslations("settings.integrations");
  const format = useFormatter();
  const { pending, run } = useRun();
  if (endpoint.deliveries.length === 0) {
    return <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("noDeliveries")}</p>;
  }
  return (
    <Table region={{ label: t("logCaption") }}>
      <caption className="sr-only">{t("logCaption")}</caption>
      <TableHead>
        <th scope="col" className="px-3 py-2 whitespace-nowrap">
          {t("logTime")}
        </th>
        <th scope="col" className="px-3 py-2 whitespace-nowrap">
          {t("logEvent")}
        </th>
        <th scope="col" className="px-3 py-2 whitespace-nowrap">
          {t("logStatus")}
        </th>
        <th scope="col" className="px-3 py-2 whitespace-nowrap">
          {t("logHttp")}
        </th>
        <th scope="col" className="px-3 py-2 whitespace-nowrap">
          {t("logDuration")}
        </th>
        <th scope="col" className="px-3 py-2 whitespace-nowrap">
          {t("logResponse")}
        </th>
        <th scope="col" className="px-3 py-2 whitespace-nowrap">
          <span className="sr-only">{t("logActions")}</span>
        </th>
      </TableHead>
      <TableBody>
        {endpoint.deliveries.map((d) => (
          <TableRow key={d.id} look="ruled" data-testid="webhook-delivery">
            <td className="px-3 py-2">
              {format.dateTime(new Date(d.createdAt), { dateStyle: "short", timeStyle: "medium" })}
            </td>
            <td className="px-3 py-2 font-mono">{d.eventType}</td>
            <td className="px-3 py-2">{t(`deliveryStatus.${d.status}`)}</td>
            <td className="px-3 py-2">{d.lastStatus ?? "—"}</td>
            <td className="px-3 py-2">
              {d.lastDurationMs === null ? "—" : t("ms", { ms: d.lastDurationMs })}
            </td>
            <td className="max-w-xs truncate px-3 py-2 font-mono text-xs">
              {d.responseExcerpt ?? d.lastError ?? "—"}
            </td>
            <td className="px-3 py-2">
              <Button
                size="sm"
                variant="secondary"
                disabled={pending}
                onClick={() => run(() => resendWebhookDeliveryAction(d.id), t("resent"))}
              >
                {t("resend")}
              </Button>
            </td>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** One endpoint: its URL, events, state, actions and delivery log. */
export function WebhookEndpointCard({ endpoint, allowed }: { endpoint: EndpointRow; allowed: boolean }) {
  const t = useTranslations("settings.integrations");
  const tAll = useTranslations();
  const { pending, run } = useRun();
  const [secret, setSecret] = useState<string | null>(null);
  const state = endpoint.enabled
    ? t("enabled")
    : endpoint.disabledReason === "failures"
      ? t("disabledFailures")
      : t("disabledManual");
  const last = endpoint.deliveries[0];
  return (
    <li
      data-testid="webhook-endpoint"
      className="flex flex-col gap-3 rounded-xl p-4 ring-1 ring-zinc-200 dark:ring-zinc-700"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-col gap-1">
          <span className="font-mono font-semibold break-all">{endpoint.url}</span>
          <span className="text-sm">
            {endpoint.eventTypes.map((type) => t(`events.${type.replace(".", "_")}`)).join(" · ")}
          </span>
          <span className="text-sm" data-testid="webhook-state">
            {state}
            {last ? ` · ${t("lastDelivery", { status: t(`deliveryStatus.${last.status}`) })}` : ""}
          </span>
        </div>
        {allowed && (
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              variant="secondary"
              disabled={pending}
              onClick={() => run(() => sendWebhookTestEventAction(endpoint.id), t("testSent"))}
            >
              {t("sendTest")}
            </Button>
            <Button
              size="sm"
              variant="secondary"
              disabled={pending}
              onClick={() =>
                run(
                  () => setWebhookEndpointEnabledAction(endpoint.id, !endpoint.enabled),
                  endpoint.enabled ? t("disabled") : t("enabledDone"),
                )
              }
            >
              {endpoint.enabled ? t("disable") : t("enable")}
            </Button>
            <ConfirmButton
              size="sm"
              variant="secondary"
              title={t("rotateTitle")}
              message={t("rotateMessage")}
              confirmLabel={t("rotate")}
              onConfirm={async () => {
                const result = await rotateWebhookSecretAction(endpoint.id);
                if (result.ok) setSecret(result.data.secret);
                else toast.error(tAll(result.message, result.values));
                return result.ok;
              }}
            >
              {t("rotate")}
            </ConfirmButton>
            <ConfirmButton
              size="sm"
              title={t("deleteTitle")}
              message={t("deleteMessage")}
              confirmLabel={t("delete")}
              onConfirm={async () => {
                const result = await deleteWebhookEndpointAction(endpoint.id);
                if (result.ok) toast.success(t("deleted"));
                else toast.error(tAll(result.message, result.values));
                return result.ok;
              }}
            >
              {t("delete")}
            </ConfirmButton>
          </div>
        )}
      </div>
      {secret && <WebhookSecretOnce secret={secret} onDone={() => setSecret(null)} />}
      <DeliveryLog endpoint={endpoint} />
    </li>
  );
}
