import type { Metadata } from "next";
import { getFormatter, getTranslations, setRequestLocale } from "next-intl/server";
import { PageHeader } from "@/components/admin/page-header";
import { recordAudit } from "@/lib/audit/record";
import { listRecentLeads } from "@/lib/dashboard/queries";
import { requireMembership } from "@/lib/tenancy/guard";

export async function generateMetadata({ params }: PageProps<"/[locale]/admin/leads">): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "admin.leads" });
  return { title: t("metaTitle") };
}

/** The company's leads (read from the lead table); reading them is audited (spec §7). */
export default async function LeadsPage({ params }: PageProps<"/[locale]/admin/leads">) {
  const { locale } = await params;
  setRequestLocale(locale);
  const membership = await requireMembership();
  const { rows, total } = await listRecentLeads(membership.company.id);
  await recordAudit({
    action: "lead_data_access",
    tableName: "lead",
    userId: membership.userId,
    companyId: membership.company.id,
    details: { rows: rows.length },
  });
  const [t, format] = await Promise.all([getTranslations("admin.leads"), getFormatter()]);

  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      {rows.length === 0 ? (
        <p className="rounded-2xl bg-white p-6 text-zinc-600 shadow-sm ring-1 ring-zinc-200 dark:bg-ink-800 dark:text-zinc-400 dark:ring-zinc-800">
          {t("empty")}
        </p>
      ) : (
        <div className="overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-zinc-200 dark:bg-ink-800 dark:ring-zinc-800">
          <table className="w-full text-left text-sm">
            <caption className="px-4 pt-4 text-left text-zinc-500">
              {t("showing", { shown: rows.length, total })}
            </caption>
            <thead className="text-zinc-500">
              <tr>
                {(["name", "email", "phone", "content", "date"] as const).map((c) => (
                  <th key={c} scope="col" className="px-4 py-3 font-medium">
                    {t(c)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((lead) => (
                <tr key={lead.id} className="border-t border-zinc-100 dark:border-zinc-800">
                  <td className="px-4 py-2">{lead.name}</td>
                  <td className="px-4 py-2 break-all">{lead.email}</td>
                  <td className="px-4 py-2">{lead.phone ?? "—"}</td>
                  <td className="px-4 py-2">{lead.contentTitle ?? "—"}</td>
                  <td className="px-4 py-2 whitespace-nowrap">
                    {format.dateTime(lead.createdAt, { dateStyle: "medium" })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
