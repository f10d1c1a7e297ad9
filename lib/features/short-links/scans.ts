import "server-only";
import { encodeSource } from "@/lib/platform/attribution/source";
import { db } from "@/lib/core/db";
import { VIEW_WINDOW_MINUTES } from "@/lib/features/engagement/record-events";
import { nowUtc } from "@/lib/core/db-sql";

/** The labelled QR code a followed short link belongs to. */
export interface ScannedCode {
  id: string;
  companyId: string;
  eventId: string | null;
  contentId: string | null;
}

/**
 * Counts a QR code's scan at the redirect, as its own `scan` row (source `qr:{id}`), so a scan
 * counts whether or not the fan then opens anything, and a fan who opens three galleries after
 * one scan is still one scan. A `scan` row feeds no analytics metric: a content QR's redirect
 * plus the player's own view stays one view. Like a view, a scan counts once per visitor and
 * code in the view window (the same advisory-lock-and-insert pattern as `recordView`).
 */
export async function recordScan(code: ScannedCode, visitorId: string): Promise<boolean> {
  const source = encodeSource({ kind: "qr", value: code.id });
  if (!source) return false;
  const [, inserted] = await db.$transaction([
    db.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`scan:${code.id}:${visitorId}`}, 0))`,
    db.$executeRaw`
      INSERT INTO "engagement_event" ("companyId", "contentId", "eventId", "type", "visitorId", "value", "source", "createdAt")
      SELECT ${code.companyId}, ${code.contentId}, ${code.eventId}, 'scan'::"EngagementType", ${visitorId}, 1, ${source}, ${nowUtc}
      WHERE NOT EXISTS (
        SELECT 1 FROM "engagement_event"
        WHERE "companyId" = ${code.companyId} AND "type" = 'scan' AND "visitorId" = ${visitorId}
          AND "source" = ${source}
          AND "createdAt" > ${nowUtc} - ${VIEW_WINDOW_MINUTES} * interval '1 minute'
      )`,
  ]);
  return inserted === 1;
}

/** Scans per QR code id: the `scan` rows carrying `qr:{id}` (views after the scan are not scans). */
export async function qrScans(companyId: string, ids: readonly string[]): Promise<Map<string, number>> {
  const sources = ids
    .map((id) => encodeSource({ kind: "qr", value: id }))
    .filter((s): s is string => s !== null);
  if (sources.length === 0) return new Map();
  const counts = await db.engagementEvent.groupBy({
    by: ["source"],
    where: { companyId, type: "scan", source: { in: sources } },
    _count: { _all: true },
  });
  return new Map(counts.map((row) => [row.source!.slice("qr:".length), row._count._all]));
}
