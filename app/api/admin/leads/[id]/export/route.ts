import { exportPersonData } from "@/lib/features/leads/export-person";
import { withMembership } from "@/lib/platform/tenancy/guard";

export const dynamic = "force-dynamic";

// GET /api/admin/leads/{id}/export — every lead of that lead's e-mail in the company, as a JSON download
export const GET = withMembership<{ id: string }>(
  async (_request, { membership, params }) => {
    const person = await exportPersonData(membership, params.id);
    return new Response(JSON.stringify(person.data, null, 2), {
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="${person.fileName}"`,
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  },
  { permission: "leads.export" },
);
