import { getFormatter, getTranslations } from "next-intl/server";
import { CardSection } from "@/components/ui/card";
import { Table, TableBody, TableHead, TableRow } from "@/components/ui/table";
import { describeAudit } from "@/lib/core/audit/describe";
import type { AuditRow } from "@/lib/core/audit/queries";

/** The company's audit log, newest first: each row as a sentence, its raw record on request. */
export async function AuditLog({ rows }: { rows: AuditRow[] }) {
  const [t, format] = await Promise.all([getTranslations("status"), getFormatter()]);
  return (
    <CardSection id="audit-title" title={t("audit")} titleClassName="mb-4 text-lg font-semibold">
      {rows.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("auditEmpty")}</p>
      ) : (
        <Table variant="plain" data-testid="audit-table">
          <TableHead variant="plain" className="text-zinc-500">
            {(["time", "what", "who", "details"] as const).map((c) => (
              <th key={c} scope="col" className="py-2 pr-4 font-medium whitespace-nowrap">
                {t(`columns.${c}`)}
              </th>
            ))}
          </TableHead>
          <TableBody variant="plain">
            {rows.map((row) => {
              // A readable sentence; the raw record (ids, tokens) only behind a disclosure.
              const sentence = describeAudit(row);
              return (
                <TableRow key={row.id} look="ruled" className="align-top">
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
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
    </CardSection>
  );
}
