import { parseAnalyticsParams, rangeErrorField } from "@/lib/features/analytics/range";
import { exportAnalyticsCsv } from "@/lib/features/analytics/server";
import { AppError } from "@/lib/core/errors";
import { csvResponse } from "@/lib/core/csv";
import { withMembership } from "@/lib/platform/tenancy/guard";

export const dynamic = "force-dynamic";

// GET /api/admin/analytics.csv?by=content|event&from=YYYY-MM-DD&to=YYYY-MM-DD — the table of
// the analytics page as CSV. Bad parameters answer 422 with the page's message key.
export const GET = withMembership(
  async (request, { membership }) => {
    const query = Object.fromEntries(new URL(request.url).searchParams);
    const parsed = parseAnalyticsParams(query);
    if (!parsed.ok) {
      const message = `admin.analytics.errors.${parsed.error}`;
      throw new AppError("validation", message, {
        fieldErrors: { [rangeErrorField(parsed.error, query)]: message },
      });
    }
    const csv = await exportAnalyticsCsv(membership, parsed.params);
    return csvResponse(csv.body, csv.fileName);
  },
  { permission: "analytics.view" },
);
