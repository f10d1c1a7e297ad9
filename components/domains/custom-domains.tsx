"use client";

import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { PlanGateNotice } from "@/components/admin/plan-gate-notice";
import { useFormAction } from "@/components/admin/use-form-action";
import { CopyButton } from "@/components/ui/copy-button";
import { DnsStateDetails, DomainStatusBadge, type DomainRow } from "@/components/domains/domain-status";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Table, TableBody, TableHead } from "@/components/ui/table";
import { addCustomDomainAction, removeCustomDomainAction } from "@/lib/features/domains/actions";
import { CardSection } from "@/components/ui/card";

function AddDomainForm() {
  const t = useTranslations("settings.domains");
  const { submitWith, pending, fieldError } = useFormAction(null, {
    successMessage: (data: { hostname: string }) => t("added", { hostname: data.hostname }),
    onSuccess: (_data, form) => form?.reset(),
  });
  return (
    <form
      noValidate
      aria-busy={pending}
      className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        const form = event.currentTarget;
        const hostname = String(new FormData(form).get("hostname") ?? "");
        submitWith(() => addCustomDomainAction({ hostname }), form);
      }}
    >
      <Field label={t("hostnameLabel")} hint={t("hostnameHint")} error={fieldError("hostname")}>
        <Input
          name="hostname"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="photos.example.com"
          required
          disabled={pending}
        />
      </Field>
      <Button type="submit" disabled={pending}>
        {t("add")}
      </Button>
    </form>
  );
}

function RecordsTable({ domain }: { domain: DomainRow }) {
  const t = useTranslations("settings.domains");
  return (
    <Table variant="plain" data-testid="dns-records">
      <caption className="mb-2 text-left text-sm text-zinc-600 dark:text-zinc-400">
        {t("recordsCaption", { hostname: domain.hostname })}
      </caption>
      <TableHead variant="plain" className="text-zinc-600 dark:text-zinc-400">
        {(["recordType", "recordName", "recordValue"] as const).map((column) => (
          <th key={column} scope="col" className="py-2 pr-4 font-medium">
            {t(column)}
          </th>
        ))}
      </TableHead>
      <TableBody variant="plain">
        {domain.records.map((record) => (
          <tr key={record.type} className="border-t border-zinc-200 align-top dark:border-zinc-800">
            <td className="py-2 pr-4 font-mono">{record.type}</td>
            <td className="py-2 pr-4">
              <span className="font-mono break-all">{record.name}</span>{" "}
              <CopyButton variant="ghost" value={record.name} what={`${record.type} ${t("recordName")}`} />
            </td>
            <td className="py-2 pr-4">
              {record.value ? (
                <>
                  <span className="font-mono break-all">{record.value}</span>{" "}
                  <CopyButton
                    variant="ghost"
                    value={record.value}
                    what={`${record.type} ${t("recordValue")}`}
                  />
                </>
              ) : (
                <span className="text-amber-800 dark:text-amber-200">{t("ipv4NotConfigured")}</span>
              )}
            </td>
          </tr>
        ))}
      </TableBody>
    </Table>
  );
}

function RemoveButton({ domain }: { domain: DomainRow }) {
  const t = useTranslations("settings.domains");
  const tAll = useTranslations();
  return (
    <ConfirmButton
      size="sm"
      title={t("removeTitle", { hostname: domain.hostname })}
      message={t("removeMessage")}
      confirmLabel={t("remove")}
      onConfirm={async () => {
        const result = await removeCustomDomainAction(domain.id);
        if (result.ok) toast.success(t("removed", { hostname: domain.hostname }));
        else toast.error(tAll(result.message, result.values));
      }}
    >
      {t("remove")}
    </ConfirmButton>
  );
}

/** Custom domains (plan feature `customDomains`): the add form and each domain's records and state. */
export function CustomDomains({ domains, allowed }: { domains: DomainRow[]; allowed: boolean }) {
  const t = useTranslations("settings.domains");
  return (
    <CardSection
      id="custom-domains-title"
      title={t("customTitle")}
      description={t("customDescription")}
      className="flex flex-col gap-4"
    >
      {allowed ? (
        <AddDomainForm />
      ) : (
        <PlanGateNotice testId="domains-plan-gate" message={t("planGate")} linkLabel={t("planGateLink")}>
          {/* What fans meet meanwhile (lib/platform/tenancy/request-route.ts): nothing printed breaks. */}
          {domains.some((domain) => domain.status === "active") && (
            <span className="mt-2 block text-sm" data-testid="domains-lapsed">
              {t("planGateRedirect")}
            </span>
          )}
        </PlanGateNotice>
      )}
      {domains.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("noCustomDomains")}</p>
      ) : (
        <ul className="flex flex-col gap-4">
          {domains.map((domain) => (
            <li
              key={domain.id}
              data-testid="custom-domain"
              className="flex flex-col gap-3 rounded-xl p-4 ring-1 ring-zinc-200 dark:ring-zinc-700"
            >
              <div className="flex flex-wrap items-center justify-between gap-3">
                <p className="flex flex-wrap items-center gap-3">
                  <span className="font-mono font-semibold break-all">{domain.hostname}</span>
                  <DomainStatusBadge status={domain.status} />
                </p>
                <RemoveButton domain={domain} />
              </div>
              <RecordsTable domain={domain} />
              <DnsStateDetails domain={domain} />
            </li>
          ))}
        </ul>
      )}
    </CardSection>
  );
}
