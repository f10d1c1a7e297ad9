import type { Metadata } from "next";
import { getFormatter, getTranslations, setRequestLocale } from "next-intl/server";
import { PageHeader, RestrictedNotice } from "@/components/admin/page-header";
import { describeAudit } from "@/lib/core/audit/describe";
import { listCompanyAudit } from "@/lib/core/audit/queries";
import { checkHealth } from "@/lib/features/health/check-health";
import { requireMembership } from "@/lib/platform/tenancy/guard";
import { can } from "@/lib/platform/access/permissions";
import { cn } from "@/lib/core/merge-classes";

export async function generateMetadata({ params }: PageProps<"/[locale]/admin/status">): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "status" });
  return { title: t("metaTitle") };
}

/** System status: the services' health and the company's audit log (admins only). */
export default async function StatusPage({ params }: PageProps<"/[locale]/admin/status">) {
  const { locale } = await params;
  setRequestLocale(locale);
  const membership = await requireMembership();
  const [t, format] = await Promise.all([getTranslations("status"), getFormatter()]);
  if (!can(membership, "status.view")) {
    return (
      <>
        <PageHeader title={t("title")} />
        <RestrictedNotice message={t("onlyAdmins")} />
      </>
    );
  }
  const [health, audit] = await Promise.all([checkHealth(), listCompanyAudit(membership.company.id)]);
  const card = "rounded-2xl bg-white p-5 shadow-sm ring-1 ring-zinc-200 dark:bg-ink-800 dark:ring-zinc-800";

  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <div className="flex flex-col gap-6">
        <section aria-labelledby="services-title" className={card}>
          <h2 id="services-title" className="mb-4 text-lg font-semibold">
            {t("services")}
          </h2>
          <dl className="grid gap-3 sm:grid-cols-2">
            {(["database", "storage"] as const).map((part) => {
              const ok = health[part === "database" ? "db" : "storage"] === "ok";
              return (
                <div
                  key={part}
                  className="flex items-center justify-between rounded-lg bg-zinc-50 px-4 py-3 dark:bg-ink-900"
                >
                  <dt>{t(part)}</dt>
                  <dd
                    className={cn(
                      "flex items-center gap-2 font-medium",
                      ok ? "text-green-700 dark:text-green-400" : "text-red-600 dark:text-red-400",
                    )}
                  >
                    <span
                      aria-hidden
                      className={cn("size-2 rounded-full", ok ? "bg-green-500" : "bg-red-500")}
                    />
                    {ok ? t("ok") : t("error")}
                  </dd>
                </div>
              );
            })}
          </dl>
        </section>

        <section aria-labelledby="audit-title" className={card}>
          <h2 id="audit-title" className="mb-4 text-lg font-semibold">
            {t("audit")}
          </h2>
          {audit.length === 0 ? (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("auditEmpty")}</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm" data-testid="audit-table">
                <thead className="text-zinc-500">
                  <tr>
                    {(["time", "what", "who", "details"] as const).map((c) => (
                      <th key={c} scope="col" className="py-2 pr-4 font-medium whitespace-nowrap">
                        {t(`columns.${c}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {audit.map((row) => {
                    // A readable sentence; the raw record (ids, tokens) only behind a disclosure.
                    const sentence = describeAudit(row);
                    return (
                      <tr key={row.id} className="border-t border-zinc-100 align-top dark:border-zinc-800">
                        <td className="py-2 pr-4 whitespace-nowrap">
                          {format.dateTime(row.createdAt, { dateStyle: "short", timeStyle: "medium" })}
                        </td>
                        <td className="py-2 pr-4" data-testid="audit-what">
                          {t(`events.${sentence.key}`, sentence.values)}
                        </td>
                        <td className="py-2 pr-4 break-all">{row.userEmail ?? t("fan")}</td>
                        <td className="py-2">
                          {row.details ? (
                            <details>
                              <summary className="cursor-pointer text-zinc-600 dark:text-zinc-400">
                                {t("rawDetails")}
                              </summary>
                              <pre className="mt-1 max-w-md overflow-x-auto font-mono text-xs whitespace-pre-wrap break-all">
                                {JSON.stringify(
                                  { table: row.tableName, record: row.recordId, ...(row.details as object) },
                                  null,
                                  2,
                                )}
                              </pre>
                            </details>
                          ) : (
                            "—"
                          )}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
        </section>
      </div>
    </>
  );
}
