import { getFormatter, getTranslations } from "next-intl/server";
import { LeadRowActions } from "@/components/leads/lead-row-actions";
import type { LeadView } from "@/lib/leads/queries";

const dash = <span className="text-zinc-400">—</span>;

/** The leads of one page; dates are shown in UTC, as the date filters read them. */
export async function LeadsTable({ items, canDelete }: { items: LeadView[]; canDelete: boolean }) {
  const [t, format] = await Promise.all([getTranslations("admin.leads"), getFormatter()]);
  const columns = [
    "name",
    "email",
    "phone",
    "company",
    "content",
    "event",
    "source",
    "consent",
    "date",
  ] as const;
  return (
    <div className="overflow-x-auto rounded-xl border border-zinc-200 dark:border-zinc-700">
      <table className="w-full text-left text-sm">
        <thead className="bg-zinc-50 text-xs text-zinc-600 uppercase dark:bg-ink-800 dark:text-zinc-400">
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col" className="px-4 py-3">
                {t(`columns.${c}`)}
              </th>
            ))}
            <th scope="col" className="px-4 py-3 text-right">
              <span className="sr-only">{t("columns.actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {items.map((lead) => (
            <tr
              key={lead.id}
              data-testid="lead-row"
              className="hover:bg-zinc-50/60 dark:hover:bg-zinc-800/40"
            >
              <td className="px-4 py-3 font-medium whitespace-pre-line">{lead.name}</td>
              <td className="px-4 py-3 break-all">
                <a href={`mailto:${lead.email}`} className="hover:text-brand-600">
                  {lead.email}
                </a>
              </td>
              <td className="px-4 py-3 whitespace-nowrap">{lead.phone ?? dash}</td>
              <td className="px-4 py-3">{lead.companyName ?? dash}</td>
              <td className="px-4 py-3">{lead.contentTitle ?? dash}</td>
              <td className="px-4 py-3">{lead.eventName ?? dash}</td>
              <td className="px-4 py-3" data-testid="lead-source">
                {lead.source ? lead.sourceLabel : t("sourceDirect")}
              </td>
              <td className="px-4 py-3 whitespace-nowrap">
                {lead.consent ? t("consentYes") : t("consentNo")}
                {lead.consentAt && (
                  <span className="block text-xs text-zinc-500">
                    {format.dateTime(lead.consentAt, { dateStyle: "short", timeZone: "UTC" })}
                  </span>
                )}
              </td>
              <td className="px-4 py-3 whitespace-nowrap">
                {format.dateTime(lead.createdAt, {
                  dateStyle: "medium",
                  timeStyle: "short",
                  timeZone: "UTC",
                })}
              </td>
              <td className="px-4 py-3">
                <LeadRowActions leadId={lead.id} name={lead.name} email={lead.email} canDelete={canDelete} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
