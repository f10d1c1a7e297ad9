import { parseOrThrow } from "@/lib/core/errors";
import { qrCodeImage } from "@/lib/features/short-links/qr-codes";
import { qrImageQuerySchema } from "@/lib/features/short-links/schemas";
import { withMembership } from "@/lib/platform/tenancy/guard";

export const dynamic = "force-dynamic";

// GET /api/admin/qr-codes/{id}?format=png|svg&size=1024|2048|4096[&download=1] — a labelled QR code
export const GET = withMembership<{ id: string }>(
  async (request, { membership, params }) => {
    const { id } = await params;
    const search = new URL(request.url).searchParams;
    const { format, size } = parseOrThrow(qrImageQuerySchema, {
      format: search.get("format") ?? undefined,
      size: search.get("size") ?? undefined,
    });
    const qr = await qrCodeImage(membership, id, format, size);
    return new Response(new Blob([new Uint8Array(qr.body)], { type: qr.contentType }), {
      headers: {
        "Content-Type": qr.contentType,
        "Cache-Control": "private, no-store",
        ...(search.has("download") ? { "Content-Disposition": `attachment; filename="${qr.fileName}"` } : {}),
      },
    });
  },
  { permission: "content.manage" },
);
