import { eventQrCode } from "@/lib/events/qr-code";
import { withMembership } from "@/lib/tenancy/guard";

export const dynamic = "force-dynamic";

// GET /api/admin/events/{id}/qr?format=png|svg[&download=1] — QR code of the event's public URL
export const GET = withMembership<{ id: string }>(
  async (request, { membership, params }) => {
    const { id } = await params;
    const search = new URL(request.url).searchParams;
    const format = search.get("format") === "svg" ? "svg" : "png";
    const qr = await eventQrCode(membership, id, format);
    return new Response(new Blob([new Uint8Array(qr.body)], { type: qr.contentType }), {
      headers: {
        "Content-Type": qr.contentType,
        "Cache-Control": "private, no-store",
        ...(search.has("download") ? { "Content-Disposition": `attachment; filename="${qr.fileName}"` } : {}),
      },
    });
  },
  { permission: "events.manage" },
);
