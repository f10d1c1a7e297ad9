import { exportLeadsCsv } from "@/lib/features/leads/export-csv";
import { leadFiltersSchema } from "@/lib/features/leads/schemas";
import { csvResponse } from "@/lib/core/csv";
import { withMembership } from "@/lib/platform/tenancy/guard";

export const dynamic = "force-dynamic";

// GET /api/admin/leads.csv?q=&contentId=&eventId=&from=&to= — the leads that match, as a streamed CSV
export const GET = withMembership(
  async (request, { membership }) => {
    const filters = leadFiltersSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
    const csv = await exportLeadsCsv(membership, filters);
    return csvResponse(csv.stream, csv.fileName);
  },
  { permission: "leads.export" },
);
