import { randomBytes } from "node:crypto";
import { fanMediaWhere } from "@/lib/platform/site/visibility";
import { recordAudit } from "@/lib/core/audit/record";
import { safeDownloadName } from "@/lib/features/content/manage-media";
import { db } from "@/lib/core/db";
import {
  getPublicContentOrThrow,
  notFound,
  type EngagedContent,
} from "@/lib/features/engagement/get-public-content-or-throw";
import { passLeadGate, recordLead } from "@/lib/features/engagement/request-download";
import { downloadAllSchema } from "@/lib/features/engagement/schemas";
import { nowUtc } from "@/lib/core/db-sql";
import { recordDownloadCreated } from "@/lib/features/webhooks/download-created";
import { uniqueZipNames } from "@/lib/features/engagement/zip-names";
import { AppError, parseOrThrow } from "@/lib/core/errors";
import { sign, verify } from "@/lib/core/signing";
import { defaultLocale, resolveLocale, type Locale } from "@/lib/core/i18n/config";
import { translator, type Translate } from "@/lib/core/i18n/translate";
import { consumeLimits, rateLimited } from "@/lib/core/rate-limit/limiter";
import { reserveZipSlot, type ZipSlotLimits } from "@/lib/features/engagement/zip-slots";
import { ZIP_PACE, zipStream, type ZipPace } from "@/lib/features/engagement/zip-stream";
import {
  assertDownloadsOn,
  fanPhotoObject,
  photoIsJpegCopy,
  type DownloadRuleOf,
} from "@/lib/features/engagement/download-rule";

/**
 * "Download all" of a photo gallery: a ZIP of the gallery's ready photos at full size, as the
 * single download gives them (the copies without personal metadata unless the gallery keeps it:
 * lib/platform/media/download-copy.ts), streamed object by object from the store into the
 * archive and the archive into the response, so memory stays flat whatever the gallery's size.
 *
 * Two requests, one gate: the player POSTs (the lead form's data when the content is gated;
 * the lead is recorded then, through the same gate and statement as a single download) and
 * gets a grant: a signed ticket for this gallery and visitor, valid for a few minutes. The
 * browser's download manager then GETs the ZIP with it; the GET checks the gate again (the
 * lead is now on file), counts the download once per ticket (a retried or resumed GET streams
 * again without counting twice) and streams the file.
 *
 * What one fan can hold (issue #34, row 11): a stream takes a slot of the process, of the
 * gallery's company and of the client's address (zip-slots.ts) and gives it back when it ends,
 * fails or is cancelled, or when its reader takes nothing for the idle timeout or reads slower
 * than the minimum rate (it is cut: zip-stream.ts); a ticket streams at most
 * `TICKET_REDEMPTIONS` times (the browser's retries), counted across instances by the one limiter.
 */
export interface DownloadAllLimits {
  maxFiles: number;
  maxBytes: number;
  /** ZIP streams at once, per process, company and address (lib/features/engagement/zip-slots.ts). */
  slots?: ZipSlotLimits;
  /** How slowly a reader may go before it is cut (lib/features/engagement/zip-stream.ts). */
  pace?: Partial<ZipPace>;
}

export const DOWNLOAD_ALL_LIMITS: DownloadAllLimits = { maxFiles: 500, maxBytes: 2 * 1024 ** 3 };

/**
 * GETs of one ticket: enough for the browser's own retries of a failed or interrupted download
 * (each streams the ZIP from the start), too few for one ticket to hold slots again and again.
 * Tapping "Download all" again grants a new ticket (and counts a new download).
 */
export const TICKET_REDEMPTIONS = 3;

export interface DownloadAllTicket {
  /** Where the browser fetches the ZIP (same origin), the ticket in its query. */
  url: string;
  fileName: string;
  /** The ticket's id: the GET sets it as the `ag_zip` cookie once the ZIP starts streaming. */
  ticket: string;
}

/** Set (readable by the page) when a ZIP starts streaming, so the button knows "preparing…" is over. */
export const ZIP_STARTED_COOKIE = "ag_zip";
/** Long enough for a slow first byte and the browser's own retries of the same URL. */
export const TICKET_TTL_SECONDS = 10 * 60;

/** Not HttpOnly on purpose: the page polls for it; it holds only the ticket's random id. */
export const zipStartedCookie = (ticketId: string) =>
  `${ZIP_STARTED_COOKIE}=${ticketId}; Path=/; Max-Age=120; SameSite=Lax`;

const MAC_BYTES = 16;
/** What a ZIP holds: the whole gallery, or the photos the visitor hearted (issue #36). */
export type ZipScope = "all" | "favourites";
/** The query parameter naming a favourites ZIP (its ticket is signed for that scope). */
export const ZIP_SCOPE_PARAM = "scope";
const ticketData = (contentId: string, visitorId: string, id: string, expires: number, scope: ZipScope) =>
  `${contentId}|${visitorId}|${id}|${expires}${scope === "favourites" ? "|favourites" : ""}`;

/** `{id}.{expires}.{mac}`: bound to the gallery, the visitor it was granted to and what it holds. */
export function issueTicket(
  contentId: string,
  visitorId: string,
  nowMs = Date.now(),
  scope: ZipScope = "all",
): string {
  const id = randomBytes(12).toString("base64url");
  const expires = Math.floor(nowMs / 1000) + TICKET_TTL_SECONDS;
  const mac = sign("zip-ticket", ticketData(contentId, visitorId, id, expires, scope), MAC_BYTES);
  return `${id}.${expires}.${mac.toString("base64url")}`;
}

/** The ticket's id if it was granted for this gallery and visitor and has not expired. */
export function redeemableTicket(
  value: string | null | undefined,
  contentId: string,
  visitorId: string,
  nowMs = Date.now(),
  scope: ZipScope = "all",
): string | null {
  const match = /^([\w-]{16})\.(\d{1,12})\.([\w-]{22})$/.exec(value ?? "");
  if (!match) return null;
  const [, id, expiresText, mac] = match as unknown as [string, string, string, string];
  const expires = Number(expiresText);
  if (expires * 1000 <= nowMs) return null;
  const given = Buffer.from(mac, "base64url");
  return verify("zip-ticket", ticketData(contentId, visitorId, id, expires, scope), given, MAC_BYTES)
    ? id
    : null;
}

const ticketExpired = () => new AppError("forbidden", "engagement.errors.downloadAllExpired");
const ticketUsedUp = () => new AppError("forbidden", "engagement.errors.downloadAllUsedUp");

/**
 * Counts one GET of the ticket; refused past `TICKET_REDEMPTIONS`. On the one limiter, so every
 * instance counts the same GETs; its window outlives the ticket (granted for at most as long).
 */
async function redeem(ticketId: string): Promise<void> {
  const outcome = await consumeLimits(
    [{ key: `zip-ticket:${ticketId}`, limit: TICKET_REDEMPTIONS }],
    TICKET_TTL_SECONDS,
  );
  if (!outcome.allowed) throw ticketUsedUp();
}

export interface DownloadAllStream {
  fileName: string;
  body: ReadableStream<Uint8Array>;
  /** The redeemed ticket's id. */
  ticket: string;
}

const photoSelect = {
  id: true,
  kind: true,
  storageKey: true,
  downloadKey: true,
  webKey: true,
  webEdge: true,
  originalName: true,
  mimeType: true,
  sizeBytes: true,
} as const;

interface Gallery {
  content: EngagedContent;
  title: string;
  /** The organiser's choices for fans' downloads (download-rule.ts). */
  rule: DownloadRuleOf;
}

/** The gallery and its download rule; "Download all" follows the same rule as single downloads. */
async function galleryOf(contentId: string): Promise<Gallery> {
  const content = await getPublicContentOrThrow(contentId);
  if (content.kind !== "photo_gallery") throw notFound();
  const row = await db.content.findUnique({
    where: { id: content.id },
    select: {
      title: true,
      keepPhotoMetadata: true,
      downloadRule: true,
      webDownloadEdge: true,
      watermarkPhotos: true,
    },
  });
  if (!row) throw notFound();
  const { title, ...rule } = row;
  assertDownloadsOn(rule);
  return { content, title, rule };
}

/** `favouritesOf`: only the photos this visitor hearted (Download my favourites). */
async function photosOf(content: EngagedContent, limits: DownloadAllLimits, favouritesOf?: string) {
  const photos = await db.mediaFile.findMany({
    where: {
      contentId: content.id,
      companyId: content.companyId,
      ...fanMediaWhere,
      kind: "photo",
      ...(favouritesOf ? { favourites: { some: { visitorId: favouritesOf } } } : {}),
    },
    orderBy: [{ position: "asc" }, { createdAt: "asc" }],
    // One over the cap is enough to know it is over.
    take: limits.maxFiles + 1,
    select: photoSelect,
  });
  if (photos.length === 0) {
    throw favouritesOf ? new AppError("validation", "engagement.errors.noFavourites") : notFound();
  }
  const bytes = photos.reduce((sum, p) => sum + Number(p.sizeBytes), 0);
  if (photos.length > limits.maxFiles || bytes > limits.maxBytes) {
    throw new AppError("validation", "engagement.errors.downloadAllTooLarge", {
      values: { files: limits.maxFiles, gigabytes: Math.floor(limits.maxBytes / 1024 ** 3) || 1 },
    });
  }
  return photos;
}

/**
 * The ZIP's name: the gallery's title without anything a file system or header would choke on,
 * in the fan's language where words are added ("Noite de Verão (favoritos).zip").
 */
export function zipFileName(title: string, scope: ZipScope, t: Translate): string {
  const stem = title
    // Controls, what a file system or header refuses, and bidi overrides/isolates (which
    // would show "gpj.exe" as "exe.jpg" in a file list).
    .replace(/[\u0000-\u001f\u007f"\\/;:*?<>|\u202a-\u202e\u2066-\u2069]/g, "")
    .replace(/^[.\s]+/, "")
    .trim()
    .slice(0, 150);
  const name = stem || t("engagement.download.zipUntitled");
  return `${scope === "favourites" ? t("engagement.download.zipFavouritesName", { name }) : name}.zip`;
}

/** POST: passes the lead gate (recording a lead sent with it) and says where the ZIP is. */
export async function prepareDownloadAll(
  contentId: string,
  visitorId: string,
  input: unknown,
  locale: string | undefined,
  source: string | null,
  limits: DownloadAllLimits = DOWNLOAD_ALL_LIMITS,
  /** The client's limiter key (the favourites link a lead mails is limited per client). */
  clientKey?: string,
): Promise<DownloadAllTicket> {
  const parsed = parseOrThrow(downloadAllSchema, input ?? {}, { message: "field" });
  const scope: ZipScope = parsed.favourites ? "favourites" : "all";
  const { content, title } = await galleryOf(contentId);
  const lead = await passLeadGate(content, visitorId, parsed.lead);
  await photosOf(content, limits, scope === "favourites" ? visitorId : undefined);
  if (lead) await recordLead(content, visitorId, lead, locale, source, { withDownload: false, clientKey });
  const ticket = issueTicket(content.id, visitorId, Date.now(), scope);
  const query = scope === "favourites" ? `&${ZIP_SCOPE_PARAM}=favourites` : "";
  return {
    url: `/api/content/${content.id}/download-all?t=${ticket}${query}`,
    fileName: zipFileName(title, scope, await translator(resolveLocale(locale))),
    ticket: ticket.slice(0, ticket.indexOf(".")),
  };
}

/**
 * One `download` row per ticket: the row carries the ticket's id (`channel = all:{id}`), and a
 * transaction-scoped advisory lock on it makes two simultaneous GETs of one ticket count once.
 * The row and its `download.created` webhook messages (issue #38) commit together.
 */
async function countOnce(
  content: EngagedContent,
  visitorId: string,
  ticketId: string,
  source: string | null,
  scope: ZipScope,
) {
  const channel = `all:${ticketId}`;
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`zip:${ticketId}`}, 0))`;
    const inserted = await tx.$executeRaw`
      INSERT INTO "engagement_event" ("companyId", "contentId", "eventId", "type", "visitorId", "value", "channel", "source", "createdAt")
      SELECT ${content.companyId}, ${content.id}, ${content.eventId}, 'download'::"EngagementType", ${visitorId}, 1, ${channel}, ${source}, ${nowUtc}
      WHERE NOT EXISTS (
        SELECT 1 FROM "engagement_event"
        WHERE "contentId" = ${content.id} AND "visitorId" = ${visitorId} AND "type" = 'download'
          AND "channel" = ${channel}
      )`;
    if (inserted === 1) await recordDownloadCreated(tx, content, null, scope, source);
    return inserted === 1;
  });
}

/**
 * GET: the ticket (the gate passed, not used up), a slot, one `download` row per ticket, then
 * the streamed ZIP.
 */
export async function openDownloadAll(
  contentId: string,
  visitorId: string,
  ticket: string | null,
  source: string | null,
  /** The client's address as a limit key (lib/core/rate-limit/client-ip.ts `ipKeyPart`), or "unknown". */
  clientKey: string,
  limits: DownloadAllLimits = DOWNLOAD_ALL_LIMITS,
  /** What the ticket was granted for (the URL's `scope`); a ticket of the other scope is refused. */
  scope: ZipScope = "all",
  /** The fan's language, for the words of the ZIP's name. */
  locale: Locale = defaultLocale,
): Promise<DownloadAllStream> {
  const { content, title, rule } = await galleryOf(contentId);
  // The ticket is the gate's answer: the POST signs one only after the lead gate passed, for
  // this gallery and visitor. Asking the gate again would refuse a returning fan on a new
  // device, whose form matched the lead already on file (nothing new is stored for it).
  const ticketId = redeemableTicket(ticket, content.id, visitorId, Date.now(), scope);
  if (!ticketId) throw ticketExpired();
  const photos = await photosOf(content, limits, scope === "favourites" ? visitorId : undefined);
  // Before counting and redeeming: a fan asked to retry has not downloaded anything yet.
  const slot = reserveZipSlot({ companyId: content.companyId, clientKey }, limits.slots);
  if (!slot.ok) {
    throw rateLimited(
      ZIP_BUSY_RETRY_SECONDS,
      slot.reason === "client" ? "engagement.errors.downloadAllTooMany" : "engagement.errors.downloadAllBusy",
    );
  }
  const { release } = slot;
  try {
    await redeem(ticketId);
    if (await countOnce(content, visitorId, ticketId, source, scope)) {
      await recordAudit({
        action: "download_tracking",
        tableName: "content",
        recordId: content.id,
        companyId: content.companyId,
        details: { contentId: content.id, gated: content.requiresLead, all: true, files: photos.length },
      });
    }
  } catch (error) {
    release();
    throw error;
  }
  const keyOf = async (photo: (typeof photos)[number]) => (await fanPhotoObject(photo, rule)).key;
  return {
    fileName: zipFileName(title, scope, await translator(locale)),
    body: zipStream(photos, keyOf, zipNames(photos, rule), release, { ...ZIP_PACE, ...limits.pace }),
    ticket: ticketId,
  };
}

const ZIP_BUSY_RETRY_SECONDS = 10;

/** The files' names in the ZIP: web-size copies are JPEGs whatever the original was. */
const zipNames = (photos: readonly { originalName: string; mimeType: string }[], rule: DownloadRuleOf) =>
  uniqueZipNames(
    photos.map((p) => safeDownloadName(p.originalName, photoIsJpegCopy(rule) ? "image/jpeg" : p.mimeType)),
  );

/** `attachment` with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
