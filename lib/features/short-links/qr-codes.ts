import "server-only";
import QRCode from "qrcode";
import { db } from "@/lib/core/db";
import { AppError, isUniqueViolation, parseOrThrow } from "@/lib/core/errors";
import { getEventOrThrow } from "@/lib/features/events/get-event-or-throw";
import { assertPlanAllows } from "@/lib/platform/plans/enforce";
import { withFreshCode } from "@/lib/features/short-links/item-link";
import { qrScans } from "@/lib/features/short-links/scans";
import { shortLinkOrigin, shortLinkUrl } from "@/lib/features/short-links/origin";
import { qrLabelKey, qrLabelSchema, type QrItem, type QrPngSize } from "@/lib/features/short-links/schemas";
import type { Membership } from "@/lib/platform/tenancy/membership";
import { assertCan } from "@/lib/platform/access/permissions";

export interface QrCodeView {
  id: string;
  label: string;
  url: string;
  /** Times its short link was followed, once per visitor per view window (lib/features/short-links/scans.ts). */
  scans: number;
  createdAt: string;
}

/** Managers and admins, on a plan with QR codes (Professional, or a trial). */
/**
 * The item's permission. Only creating a code needs a plan with QR codes: a company whose plan
 * no longer includes them (a trial that ended, a downgrade) keeps the codes it printed —
 * scanned, downloaded again and deleted as before (issue #40: nothing breaks a printed link).
 */
async function assertMayManage(membership: Membership, item: QrItem, create = false): Promise<void> {
  assertCan(membership, item.kind === "event" ? "events.manage" : "content.manage");
  if (create) await assertPlanAllows(membership.company.id, "qrCodes");
}

/** The item, scoped to the company (a foreign or unknown id is the same 404). */
async function assertItem(companyId: string, item: QrItem): Promise<void> {
  if (item.kind === "event") {
    await getEventOrThrow(db, companyId, item.id, { id: true });
    return;
  }
  const content = await db.content.findFirst({ where: { id: item.id, companyId }, select: { id: true } });
  if (!content) throw new AppError("not_found", "content.errors.notFound");
}

const itemWhere = (item: QrItem) => (item.kind === "event" ? { eventId: item.id } : { contentId: item.id });

/** The item's labelled QR codes, oldest first, each with its scans. */
export async function listQrCodes(membership: Membership, item: QrItem): Promise<QrCodeView[]> {
  assertCan(membership, item.kind === "event" ? "events.manage" : "content.manage");
  const companyId = membership.company.id;
  await assertItem(companyId, item);
  const rows = await db.shortLink.findMany({
    where: { companyId, ...itemWhere(item), label: { not: null } },
    orderBy: { createdAt: "asc" },
    select: { id: true, code: true, label: true, createdAt: true },
  });
  const [scans, origin] = await Promise.all([
    qrScans(
      companyId,
      rows.map((r) => r.id),
    ),
    shortLinkOrigin(companyId),
  ]);
  return rows.map((row) => ({
    id: row.id,
    label: row.label!,
    url: shortLinkUrl(origin, row.code),
    scans: scans.get(row.id) ?? 0,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** A new labelled QR code of the item; a label the item already has (any case) is refused. */
export async function createQrCode(
  membership: Membership,
  item: QrItem,
  rawLabel: unknown,
): Promise<{ id: string }> {
  await assertMayManage(membership, item, true);
  const label = parseOrThrow(qrLabelSchema, rawLabel, { message: "field", prefix: "label" });
  const companyId = membership.company.id;
  await assertItem(companyId, item);
  try {
    return await withFreshCode((code) =>
      db.shortLink.create({
        data: { code, companyId, ...itemWhere(item), label, labelKey: qrLabelKey(label) },
        select: { id: true },
      }),
    );
  } catch (error) {
    if (isUniqueViolation(error, "_labelKey_key")) {
      throw new AppError("validation", "shortLinks.qr.errors.labelTaken", {
        fieldErrors: { label: "shortLinks.qr.errors.labelTaken" },
      });
    }
    throw error;
  }
}

/**
 * Deletes a labelled QR code: its short link answers 404 from then on (a printed code that
 * was withdrawn should not keep counting), its past scans stay in the figures.
 */
export async function deleteQrCode(membership: Membership, id: string): Promise<void> {
  const row = await db.shortLink.findFirst({
    where: { id, companyId: membership.company.id, label: { not: null } },
    select: { eventId: true, contentId: true },
  });
  if (!row) throw new AppError("not_found", "shortLinks.qr.errors.notFound");
  const item: QrItem = row.eventId
    ? { kind: "event", id: row.eventId }
    : { kind: "content", id: row.contentId! };
  await assertMayManage(membership, item);
  await db.shortLink.deleteMany({ where: { id, companyId: membership.company.id } });
}

/** One QR code as a PNG at a print size or an SVG, encoding its own short link. */
export async function qrCodeImage(
  membership: Membership,
  id: string,
  format: "png" | "svg",
  size: QrPngSize,
): Promise<{ body: Uint8Array; contentType: string; fileName: string }> {
  const companyId = membership.company.id;
  const row = await db.shortLink.findFirst({
    where: { id, companyId, label: { not: null } },
    select: { code: true, label: true, eventId: true, contentId: true },
  });
  if (!row) throw new AppError("not_found", "shortLinks.qr.errors.notFound");
  const item: QrItem = row.eventId
    ? { kind: "event", id: row.eventId }
    : { kind: "content", id: row.contentId! };
  await assertMayManage(membership, item);
  const url = shortLinkUrl(await shortLinkOrigin(companyId), row.code);
  // Quartile correction: a poster's code still scans when a corner is scuffed or taped over.
  const options = { errorCorrectionLevel: "Q" as const, margin: 4 };
  const body =
    format === "png"
      ? new Uint8Array(await QRCode.toBuffer(url, { ...options, type: "png", width: size }))
      : new TextEncoder().encode(await QRCode.toString(url, { ...options, type: "svg" }));
  const name =
    row
      .label!.toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "qr";
  return {
    body,
    contentType: format === "png" ? "image/png" : "image/svg+xml",
    fileName: `qr-${name}${format === "png" ? `-${size}` : ""}.${format}`,
  };
}
