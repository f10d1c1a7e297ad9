import QRCode from "qrcode";
import { assertCanManage } from "@/lib/content/access";
import { db } from "@/lib/db";
import { getEventOrThrow } from "@/lib/events/get-event-or-throw";
import { eventPublicUrl } from "@/lib/events/queries";
import { assertPlanAllows } from "@/lib/plans/gate";
import type { Membership } from "@/lib/tenancy/membership";

export type QrFormat = "png" | "svg";

/** A QR code of the event's public URL, as a PNG (1024 px, for print) or an SVG. */
export async function eventQrCode(
  membership: Membership,
  eventId: string,
  format: QrFormat,
): Promise<{ body: Uint8Array; contentType: string; fileName: string; url: string }> {
  assertCanManage(membership);
  // QR codes come with Professional (spec §1); a trial includes them.
  await assertPlanAllows(membership.company.id, "qrCodes");
  const event = await getEventOrThrow(db, membership.company.id, eventId, { slug: true });
  const url = eventPublicUrl(membership.company.slug, event.slug);
  const options = { errorCorrectionLevel: "M" as const, margin: 2 };
  const body =
    format === "png"
      ? new Uint8Array(await QRCode.toBuffer(url, { ...options, type: "png", width: 1024 }))
      : new TextEncoder().encode(await QRCode.toString(url, { ...options, type: "svg" }));
  return {
    body,
    contentType: format === "png" ? "image/png" : "image/svg+xml",
    fileName: `qr-${event.slug}.${format}`,
    url,
  };
}
