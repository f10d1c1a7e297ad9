import { getFormatter, getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { LeadRowActions } from "@/components/leads/lead-row-actions";
import { Table, TableBody, TableHead, TableRow } from "@/components/ui/table";
import type { LeadView } from "@/lib/features/leads/queries";
import { cn } from "@/lib/core/merge-classes";

const dash = <span className="text-zinc-500 dark:text-zinc-400">—</span>;

/**
 * A value on one line, cut at `width` with the whole of it in the tooltip: a long e-mail or
 * title never wraps a row over many lines at laptop widths (issue #18).
 */
function Truncated({
  value,
  width,
  children,
}: {
  value: string | null;
  width: string;
  children?: ReactNode;
}) {
  if (!value) return dash;
  return (
    <span className={cn("block truncate", width)} title={value}>
      {children ?? value}
    </span>
  );
}

interface Column {
  key: string;
  cell: (lead: LeadView) => ReactNode;
  className?: string;
}

/**
 * The leads of one page; dates are shown in UTC, as the date filters read them. Each row
 * stays at most two lines at laptop widths (name over e-mail, content over event): long
 * values are truncated (tooltip), and the name opens the lead's details with every value
 * whole. A new column is one entry in `columns`.
 */
export async function LeadsTable({ items, canDelete }: { items: LeadView[]; canDelete: boolean }) {
  const [t, format] = await Promise.all([getTranslations("admin.leads"), getFormatter()]);
  const date = (d: Date) => format.dateTime(d, { dateStyle: "short", timeStyle: "short", timeZone: "UTC" });
  const columns: Column[] = [
    {
      key: "name",
      cell: (lead) => (
        <details className="group">
          <summary className="cursor-pointer">
            <span className="inline-block max-w-52 truncate align-bottom font-medium" title={lead.name}>
              {lead.name}
            </span>
            <span className="block max-w-56 truncate text-zinc-700 dark:text-zinc-300" title={lead.email}>
              {lead.email}
            </span>
          </summary>
          <dl
            className="mt-2 grid max-w-sm grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs whitespace-normal"
            data-testid="lead-details"
          >
            <dt className="text-zinc-600 dark:text-zinc-400">{t("columns.name")}</dt>
            <dd className="break-words whitespace-pre-line">{lead.name}</dd>
            <dt className="text-zinc-600 dark:text-zinc-400">{t("columns.email")}</dt>
            <dd className="break-all">
              <a
                href={`mailto:${lead.email}`}
                className="underline hover:text-brand-700 dark:hover:text-brand-400"
              >
                {lead.email}
              </a>
            </dd>
            <dt className="text-zinc-600 dark:text-zinc-400">{t("columns.phone")}</dt>
            <dd>{lead.phone ?? dash}</dd>
            <dt className="text-zinc-600 dark:text-zinc-400">{t("columns.company")}</dt>
            <dd className="break-words">{lead.companyName ?? dash}</dd>
            <dt className="text-zinc-600 dark:text-zinc-400">{t("columns.content")}</dt>
            <dd className="break-words">{lead.contentTitle ?? dash}</dd>
            <dt className="text-zinc-600 dark:text-zinc-400">{t("columns.event")}</dt>
            <dd className="break-words">{lead.eventName ?? dash}</dd>
            <dt className="text-zinc-600 dark:text-zinc-400">{t("columns.source")}</dt>
            <dd>{lead.source ? lead.sourceLabel : t("sourceDirect")}</dd>
          </dl>
        </details>
      ),
    },
    { key: "phone", cell: (lead) => lead.phone ?? dash },
    {
      key: "content",
      cell: (lead) => (
        <>
          <Truncated value={lead.contentTitle} width="max-w-48" />
          {lead.eventName && (
            <span
              className="block max-w-48 truncate text-xs text-zinc-600 dark:text-zinc-400"
              title={lead.eventName}
            >
              {lead.eventName}
            </span>
          )}
        </>
      ),
    },
    {
      key: "source",
      cell: (lead) => (
        <span data-testid="lead-source">{lead.source ? lead.sourceLabel : t("sourceDirect")}</span>
      ),
    },
    {
      key: "consent",
      cell: (lead) => (
        <span title={lead.consentAt ? date(lead.consentAt) : undefined}>
          {lead.consent ? t("consentYes") : t("consentNo")}
        </span>
      ),
    },
    {
      key: "marketing",
      cell: (lead) => (
        <span
          data-testid="lead-marketing"
          title={lead.marketingConsentAt ? date(lead.marketingConsentAt) : undefined}
        >
          {lead.marketingConsent ? t("consentYes") : t("consentNo")}
        </span>
      ),
    },
    { key: "date", cell: (lead) => date(lead.createdAt) },
  ];
  return (
    <Table data-testid="leads-table">
      <TableHead>
        {columns.map((c) => (
          <th key={c.key} scope="col" className="px-3 py-3 whitespace-nowrap">
            {t(`columns.${c.key}`)}
          </th>
        ))}
        <th scope="col" className="px-3 py-3 text-right">
          <span className="sr-only">{t("columns.actions")}</span>
        </th>
      </TableHead>
      <TableBody>
        {items.map((lead) => (
          <TableRow key={lead.id} data-testid="lead-row" look="hover" className="align-top">
            {columns.map((c) => (
              <td key={c.key} className={cn("px-3 py-3 whitespace-nowrap", c.className)}>
                {c.cell(lead)}
              </td>
            ))}
            <td className="px-3 py-3">
              <LeadRowActions leadId={lead.id} name={lead.name} email={lead.email} canDelete={canDelete} />
            </td>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
