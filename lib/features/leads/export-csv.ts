import "server-only";
import { recordMemberAudit } from "@/lib/core/audit/record";
import { db } from "@/lib/core/db";
import { CSV_BOM } from "@/lib/core/csv";
import { leadCsvFileName, leadCsvHeader, leadCsvRow } from "@/lib/features/leads/csv";
import { leadSelect, toLeadView, withSourceLabels } from "@/lib/features/leads/queries";
import { auditFilters, type LeadFilters } from "@/lib/features/leads/schemas";
import { buildLeadWhere } from "@/lib/features/leads/where";
import { newestFirst, whereAfter, type KeysetPosition } from "@/lib/core/pagination/keyset";
import type { Membership } from "@/lib/platform/tenancy/membership";

export const CSV_BATCH_SIZE = 1000;

export interface LeadCsvExport {
  fileName: string;
  /** How many leads matched when the export started (what the audit records). */
  count: number;
  stream: ReadableStream<Uint8Array>;
}

/**
 * The company's leads that match `filters` as a CSV stream. Rows are read in batches by
 * keyset pagination (createdAt, id) only when the reader asks for more, so 100 000 leads
 * never sit in memory, and a lead added or deleted meanwhile neither repeats nor shifts a
 * row the way OFFSET would. The export is audited before the first byte leaves.
 */
export async function exportLeadsCsv(
  membership: Membership,
  filters: LeadFilters,
  options: { batchSize?: number; now?: Date } = {},
): Promise<LeadCsvExport> {
  const companyId = membership.company.id;
  const where = buildLeadWhere(companyId, filters);
  const batchSize = options.batchSize ?? CSV_BATCH_SIZE;
  const count = await db.lead.count({ where });
  await recordMemberAudit(membership, {
    action: "lead_data_access",
    record: { table: "lead" },
    details: { operation: "export_csv", filters: auditFilters(filters), count },
  });

  const encoder = new TextEncoder();
  let cursor: KeysetPosition | null = null;
  let started = false;
  let done = false;
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(CSV_BOM + leadCsvHeader()));
          return;
        }
        if (done) return;
        let rows;
        try {
          rows = await db.lead.findMany({
            where: whereAfter(where, cursor),
            orderBy: [...newestFirst],
            take: batchSize,
            select: leadSelect,
          });
        } catch (error) {
          // Headers are gone by now: the download fails (truncated) instead of a JSON error.
          console.error("[afterglow] leads CSV export failed", { companyId, error });
          done = true;
          controller.error(error);
          return;
        }
        if (rows.length > 0) {
          const last = rows[rows.length - 1]!;
          cursor = { createdAt: last.createdAt, id: last.id };
          const leads = await withSourceLabels(companyId, rows.map(toLeadView));
          controller.enqueue(encoder.encode(leads.map(leadCsvRow).join("")));
        }
        if (rows.length < batchSize) {
          done = true;
          controller.close();
        }
      },
      cancel() {
        done = true;
      },
    },
    // One batch at a time: the next query runs only once the previous chunk was taken.
    { highWaterMark: 1 },
  );

  return { fileName: leadCsvFileName(options.now ?? new Date()), count, stream };
}
