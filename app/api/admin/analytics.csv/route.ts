import { parseAnalyticsParams } from "@/lib/analytics/range";
import { exportAnalyticsCsv } from "@/lib/analytics/server";
import { AppError } from "@/lib/errors";
import { csvResponse } from "@/lib/csv";
import { withMembership } from "@/lib/tenancy/guard";

export const dynamic = "force-dynamic";

// GET /api/admin/analytics.csv?by=content|event&from=YYYY-MM-DD&to=YYYY-MM-DD — the table of
// the analytics page as CSV. Bad parameters answer 422 with the page's message key.
export const GET = withMembership(async (request, { membership }) => {
  const parsed = parseAnalyticsParams(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.ok) throw new AppError("validation", `admin.analytics.errors.${parsed.error}`);
  const csv = await exportAnalyticsCsv(membership, parsed.params);
  return csvResponse(csv.body, csv.fileName);
});
