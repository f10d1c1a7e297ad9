import "server-only";
import { AppError } from "@/lib/core/errors";
import { getAnalyticsOverview } from "@/lib/features/analytics/queries";
import { parseAnalyticsParams, rangeErrorField } from "@/lib/features/analytics/range";
import { assertCan } from "@/lib/platform/access/permissions";
import { defineOperation } from "@/lib/surfaces/public-api/operation";
import { analyticsQuery, analyticsSummary } from "@/lib/surfaces/public-api/schemas";

/**
 * The analytics page's totals for a range (issue #38): the same range rules (defaults, at most
 * three years, `from` ≤ `to`, the same message keys as the CSV export's 422) and the same query
 * the page reads, so the API and the page never disagree on a figure.
 */
export const analyticsSummaryOperation = defineOperation({
  operationId: "getAnalyticsSummary",
  method: "GET",
  path: "/analytics/summary",
  scope: "analytics:read",
  tag: "Analytics",
  summary: "Analytics totals of a date range",
  description:
    "The totals the analytics page shows for whole UTC days, both ends included (at most 1,096 days; default: the last 30).",
  query: analyticsQuery,
  response: { schema: analyticsSummary, description: "The range's totals." },
  async handle({ caller, query }) {
    assertCan(caller.membership, "analytics.view");
    const raw = { from: query.from, to: query.to };
    const parsed = parseAnalyticsParams(raw);
    if (!parsed.ok) {
      const message = `admin.analytics.errors.${parsed.error}`;
      throw new AppError("validation", message, {
        fieldErrors: { [rangeErrorField(parsed.error, raw)]: message },
      });
    }
    const overview = await getAnalyticsOverview(caller.membership.company.id, parsed.params);
    return {
      from: overview.from,
      to: overview.to,
      totals: overview.totals,
      uniqueVisitorsExact: overview.uniqueVisitorsExact,
      media: overview.media,
    };
  },
});
