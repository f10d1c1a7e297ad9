import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { KeysetPagination } from "@/components/admin/keyset-pagination";
import { AuditFilters } from "@/components/status/audit-filters";
import { CardSection } from "@/components/ui/card";
import { Table, TableBody, TableHead, TableRow } from "@/components/ui/table";
import { describeAudit } from "@/lib/core/audit/describe";
import type { AuditRow } from "@/lib/core/audit/queries";
import {
  auditFilterQuery,
  hasAuditFilters,
  type AuditFilterField,
  type AuditFilters as Filters,
} from "@/lib/core/audit/schemas";
import type { KeysetLinks } from "@/lib/core/pagination/keyset";

export interface AuditPage extends KeysetLinks {
  rows: AuditRow[];
  filters: Filters;
  /** Filters of the URL that could not be read (the page then shows the log unfiltered). */
  invalid: AuditFilterField[];
  /** Whether the company has any audit row at all (the empty state's wording). */
  anyRow: boolean;
}

/** The query's set values only (URLSearchParams would write `undefined` as text). */
function cleanQuery(query: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(query).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
}

/** The log's first page with the same filters. */
function firstPageHref(query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const search = params.toString();
  return search ? `/admin/status?${search}` : "/admin/status";
}

/**
 * The company's audit log, newest first and paged by keyset: filters by action and UTC days in
 * the URL, each row as a sentence, its raw record on request.
 */
export async function AuditLog({ page }: { page: AuditPage }) {
  const [t, format] = await Promise.all([getTranslations("status"), getFormatter()]);
  const { rows, filters } = page;
  const query = auditFilterQuery(filters);
  return (
    <CardSection id="audit-title" title={t("audit")} titleClassName="mb-4 text-lg font-semibold">
      <div className="mb-4 flex flex-col gap-3">
        {page.invalid.length > 0 ? (
          <p
            role="alert"
            className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
          >
            {t("filters.invalid", {
              fields: page.invalid.map((field) => t(`filters.${field}`)).join(", "),
            })}
          </p>
        ) : null}
        {/* Keyed by the filters: a "Clear filters" link is a client navigation, and the form's
            uncontrolled fields would otherwise keep the values of the page it came from. */}
        {page.anyRow ? (
          <AuditFilters key={new URLSearchParams(cleanQuery(query)).toString()} filters={filters} />
        ) : null}
      </div>
      {rows.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="audit-empty">
          {!page.anyRow ? (
            t("auditEmpty")
          ) : hasAuditFilters(filters) && page.atStart ? (
            <>
              {t("filters.noResults")}{" "}
              <Link href="/admin/status" className="font-medium text-brand-600 underline dark:text-brand-400">
                {t("filters.clear")}
              </Link>
            </>
          ) : (
            <>
              {t("filters.pageEmpty")}{" "}
              <Link
                href={firstPageHref(query)}
                className="font-medium text-brand-600 underline dark:text-brand-400"
              >
                {t("filters.firstPage")}
              </Link>
            </>
          )}
        </p>
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
      <div className="mt-4">
        <KeysetPagination basePath="/admin/status" links={page} query={query} />
      </div>
    </CardSection>
  );
}
