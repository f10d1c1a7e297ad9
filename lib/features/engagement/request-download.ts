import { fanMediaWhere } from "@/lib/platform/site/visibility";
import { recordAudit } from "@/lib/core/audit/record";
import { safeDownloadName, signedDownloadUrl } from "@/lib/features/content/manage-media";
import { db } from "@/lib/core/db";
import {
  getPublicContentOrThrow,
  notFound,
  type EngagedContent,
} from "@/lib/features/engagement/get-public-content-or-throw";
import { hasLeadOnFile } from "@/lib/features/engagement/queries";
import { downloadSchema, leadSchema, type LeadInput } from "@/lib/features/engagement/schemas";
import { insertLead } from "@/lib/features/engagement/insert-lead";
import { AppError, parseOrThrow } from "@/lib/core/errors";
import { displayMedia } from "@/lib/features/content/kind-rules";
import { isRecordIdShape } from "@/lib/core/validation/common";
import { fanDownloadKey } from "@/lib/platform/media/download-copy";
import {
  playbackRenditionUrl,
  streamsWithoutMetadata,
  videoDownloadUrl,
} from "@/lib/features/engagement/video-download";
import {
  assertDownloadsOn,
  fanPhotoObject,
  videoAsRendition,
  type DownloadRuleOf,
} from "@/lib/features/engagement/download-rule";
import type { Prisma } from "@/lib/generated/prisma/client";
import { DEFAULT_WEB_DOWNLOAD_EDGE } from "@/lib/platform/media/web-edges";
import { deliverFavouritesLink } from "@/lib/features/engagement/favourites-transfer";
import { resolveLocale } from "@/lib/core/i18n/config";
import { recordDownloadCreated } from "@/lib/features/webhooks/download-created";
import { writeWithWebhook } from "@/lib/features/webhooks/outbox";

/** 403 with `leadRequired: true`: the player opens the lead form. */
export const leadRequired = () =>
  new AppError("forbidden", "engagement.errors.leadRequired", { leadRequired: true });

export interface DownloadGrant {
  /**
   * Short-lived signed URL with an attachment disposition, or for an MP4/MOV this app's URL that
   * streams it without metadata (video-download.ts).
   */
  url: string;
  fileName: string;
}

const mediaSelect = {
  id: true,
  kind: true,
  storageKey: true,
  downloadKey: true,
  originalName: true,
  mimeType: true,
  webKey: true,
  webEdge: true,
  variants: true,
  // The organiser's choices for fans' downloads, read with the media.
  content: {
    select: { keepPhotoMetadata: true, downloadRule: true, webDownloadEdge: true, watermarkPhotos: true },
  },
} as const;

/** The asked-for media of the content, or its first downloadable one (a single's cover is not). */
async function mediaOf(content: EngagedContent, mediaId: string | undefined) {
  if (mediaId) {
    if (!isRecordIdShape(mediaId)) throw notFound();
    const media = await db.mediaFile.findFirst({
      where: { id: mediaId, contentId: content.id, companyId: content.companyId, ...fanMediaWhere },
      select: mediaSelect,
    });
    if (!media) throw notFound();
    return media;
  }
  const first = await db.mediaFile.findMany({
    where: { contentId: content.id, companyId: content.companyId, ...fanMediaWhere },
    orderBy: [{ position: "asc" }, { createdAt: "asc" }],
    take: 2,
    select: mediaSelect,
  });
  const media = displayMedia({ ...content, mediaFiles: first })[0];
  if (!media) throw notFound();
  return media;
}

/**
 * The one lead gate of every download (single file and "Download all"): nothing to do for
 * ungated content; otherwise the lead sent with the request (validated, returned for the
 * caller to record) or one this visitor left for the company before, else `leadRequired`.
 */
export async function passLeadGate(
  content: EngagedContent,
  visitorId: string,
  rawLead: unknown,
): Promise<LeadInput | null> {
  if (!content.requiresLead) return null;
  if (rawLead !== undefined && rawLead !== null) {
    return parseOrThrow(leadSchema, rawLead, { message: "field", prefix: "lead" });
  }
  if (!(await hasLeadOnFile(content.companyId, visitorId))) throw leadRequired();
  return null;
}

/**
 * A fan's download. Lead-gated content needs a lead in the request or one this visitor left
 * for the company before. The lead (one per company, content and e-mail: a repeated form
 * never changes it and is recorded as a re-submission in the download's audit row), its `lead`
 * row when it is new, and the `download` row are written together; then the signed URL is
 * returned. A photo's URL is of its copy without personal metadata, an MP4/MOV's one of this app
 * that streams it without its metadata boxes, unless the content keeps metadata
 * (lib/platform/media/download-copy.ts, lib/features/engagement/video-download.ts).
 */
export async function requestDownload(
  contentId: string,
  visitorId: string,
  input: unknown,
  locale?: string,
  source: string | null = null,
  /** The client's limiter key (the favourites link a lead mails is limited per client). */
  clientKey?: string,
): Promise<DownloadGrant> {
  const content = await getPublicContentOrThrow(contentId);
  const parsed = parseOrThrow(downloadSchema, input ?? {}, { message: "field" });
  const media = await mediaOf(content, parsed.mediaId);
  const rule: DownloadRuleOf = {
    keepPhotoMetadata: media.content?.keepPhotoMetadata ?? false,
    downloadRule: media.content?.downloadRule ?? "original",
    webDownloadEdge: media.content?.webDownloadEdge ?? DEFAULT_WEB_DOWNLOAD_EDGE,
    watermarkPhotos: media.content?.watermarkPhotos ?? false,
  };
  // Before the gate: no fan is asked for their details for a download that cannot happen.
  assertDownloadsOn(rule);

  const lead = await passLeadGate(content, visitorId, parsed.lead);

  // Past the gate only: a photo without a copy yet gets it made here, never for a refused fan.
  // Signing is local (no request to storage): do it before recording, so nothing is recorded
  // for a URL that could not be made.
  const { url, mimeType } = await fanDownloadUrl(content.id, media, rule, visitorId);
  const fileName = safeDownloadName(media.originalName, mimeType);
  const submitted = lead
    ? await recordLead(content, visitorId, lead, locale, source, {
        withDownload: true,
        mediaId: media.id,
        clientKey,
      })
    : null;
  if (!submitted) await recordDownload(content, visitorId, source, media.id);

  await recordAudit({
    action: "download_tracking",
    tableName: "media_file",
    recordId: media.id,
    companyId: content.companyId,
    details: {
      contentId: content.id,
      gated: content.requiresLead,
      newLead: submitted?.inserted ?? false,
      // A form sent again for an existing lead is recorded here, never applied to the lead.
      ...(submitted && !submitted.inserted
        ? { leadResubmitted: true, differingFields: submitted.changedFields }
        : {}),
    },
  });
  return { url, fileName };
}

/** Where the fan's browser fetches the file under the content's rule, and the file's type. */
async function fanDownloadUrl(
  contentId: string,
  media: Prisma.MediaFileGetPayload<{ select: typeof mediaSelect }>,
  rule: DownloadRuleOf,
  visitorId: string,
): Promise<{ url: string; mimeType: string }> {
  if (videoAsRendition(rule, media)) {
    return { url: await playbackRenditionUrl(media), mimeType: "video/mp4" };
  }
  if (media.kind === "photo") {
    const object = await fanPhotoObject(media, rule);
    const mimeType = object.mimeType ?? media.mimeType;
    return { url: await signedDownloadUrl(object.key, { ...media, mimeType }), mimeType };
  }
  if (streamsWithoutMetadata(media, rule.keepPhotoMetadata)) {
    return { url: videoDownloadUrl(contentId, media.id, visitorId), mimeType: media.mimeType };
  }
  const key = await fanDownloadKey(media, rule.keepPhotoMetadata);
  return { url: await signedDownloadUrl(key, media), mimeType: media.mimeType };
}

/**
 * A fan's download without a form: its `download` row, and its `download.created` webhook
 * messages in the same transaction when someone listens (one indexed read otherwise).
 */
export async function recordDownload(
  content: EngagedContent,
  visitorId: string,
  source: string | null,
  mediaId: string,
): Promise<void> {
  await writeWithWebhook(
    db,
    content.companyId,
    "download.created",
    (tx) =>
      tx.engagementEvent.create({
        data: {
          companyId: content.companyId,
          contentId: content.id,
          eventId: content.eventId,
          type: "download",
          visitorId,
          source,
        },
        select: { createdAt: true },
      }),
    (tx, row) => recordDownloadCreated(tx, content, mediaId, "file", source, row.createdAt),
  );
}

/**
 * Records a lead sent with a download (lib/features/engagement/insert-lead.ts: the lead, its
 * engagement rows and its `lead.created` webhook messages, atomically). An existing
 * lead is never changed from the public API:
 * anyone can type someone else's e-mail, so a later form must not replace the fan's name,
 * phone, company or consent (nor move the lead to the sender's device). Returns whether the
 * lead is new and, for a re-submission, which fields differed (names only: the values are
 * unverified and are not kept).
 *
 * A fan with favourites in the gallery is mailed the link to them (issue #36: their favourites
 * follow their e-mail to another device). Only the link: typing someone's address gives the
 * typist nothing, and the mail goes out once the lead is stored, after the answer, under the
 * address's and the client's limits.
 */
export async function recordLead(
  content: EngagedContent,
  visitorId: string,
  lead: LeadInput,
  locale: string | undefined,
  source: string | null,
  /** `mediaId`: the file downloaded with the form (`download.created` names it). */
  options: { withDownload: boolean; mediaId?: string | null; clientKey?: string },
): Promise<{ inserted: boolean; changedFields: string[] }> {
  // The lead and its outbox messages (issue #38) commit together, or neither does.
  const download = options.withDownload ? { mediaId: options.mediaId ?? null } : null;
  const inserted = await insertLead(content, visitorId, lead, locale, source, download);
  // After the lead is stored, never before: a lead that fails sends nothing (attacker review).
  void deliverFavouritesLink(content, visitorId, lead.email, resolveLocale(locale), options.clientKey);
  if (inserted) return { inserted, changedFields: [] };
  const stored = await db.lead.findUnique({
    where: {
      companyId_contentId_email: { companyId: content.companyId, contentId: content.id, email: lead.email },
    },
    select: { name: true, phone: true, companyName: true },
  });
  const changedFields = stored
    ? [
        ...(stored.name !== lead.name ? ["name"] : []),
        ...(stored.phone !== (lead.phone ?? null) ? ["phone"] : []),
        ...(stored.companyName !== (lead.company ?? null) ? ["company"] : []),
      ]
    : [];
  return { inserted, changedFields };
}
