import { randomUUID } from "node:crypto";
import { recordAudit } from "@/lib/audit/record";
import { safeDownloadName, signedOriginalUrl } from "@/lib/content/manage-media";
import { db } from "@/lib/db";
import {
  getPublicContentOrThrow,
  notFound,
  type EngagedContent,
} from "@/lib/engagement/get-public-content-or-throw";
import { hasLeadOnFile } from "@/lib/engagement/queries";
import { downloadSchema, leadSchema, type LeadInput } from "@/lib/engagement/schemas";
import { nowUtc } from "@/lib/engagement/sql";
import { AppError, validationError } from "@/lib/errors";
import { displayMedia } from "@/lib/public/media-mappers";

/** 403 with `leadRequired: true`: the player opens the lead form. */
export const leadRequired = () =>
  new AppError("forbidden", "engagement.errors.leadRequired", { leadRequired: true });

export interface DownloadGrant {
  /** Short-lived signed URL with an attachment disposition. */
  url: string;
  fileName: string;
}

const mediaSelect = { id: true, kind: true, storageKey: true, originalName: true, mimeType: true } as const;

/** The asked-for media of the content, or its first downloadable one (a single's cover is not). */
async function mediaOf(content: EngagedContent, mediaId: string | undefined) {
  if (mediaId) {
    const media = await db.mediaFile.findFirst({
      where: { id: mediaId, contentId: content.id, companyId: content.companyId, state: "ready" },
      select: mediaSelect,
    });
    if (!media) throw notFound();
    return media;
  }
  const first = await db.mediaFile.findMany({
    where: { contentId: content.id, companyId: content.companyId, state: "ready" },
    orderBy: [{ position: "asc" }, { createdAt: "asc" }],
    take: 2,
    select: mediaSelect,
  });
  const media = displayMedia({ ...content, mediaFiles: first })[0];
  if (!media) throw notFound();
  return media;
}

/**
 * A fan's download. Lead-gated content needs a lead in the request or one this visitor left
 * for the company before. The lead (one per company, content and e-mail: a repeated form
 * updates it), its `lead` row when it is new, and the `download` row are written together;
 * then the signed URL is returned.
 */
export async function requestDownload(
  contentId: string,
  visitorId: string,
  input: unknown,
  locale?: string,
): Promise<DownloadGrant> {
  const content = await getPublicContentOrThrow(contentId);
  const parsed = downloadSchema.safeParse(input ?? {});
  if (!parsed.success) throw validationError(parsed.error, { message: "field" });
  const media = await mediaOf(content, parsed.data.mediaId);

  let lead: LeadInput | null = null;
  if (content.requiresLead) {
    if (parsed.data.lead !== undefined && parsed.data.lead !== null) {
      const checked = leadSchema.safeParse(parsed.data.lead);
      if (!checked.success) throw validationError(checked.error, { message: "field", prefix: "lead" });
      lead = checked.data;
    } else if (!(await hasLeadOnFile(content.companyId, visitorId))) {
      throw leadRequired();
    }
  }

  // Signing is local (no request to storage): do it first, so nothing is recorded for a URL
  // that could not be made.
  const url = await signedOriginalUrl(media);
  const fileName = safeDownloadName(media.originalName, media.mimeType);
  const newLead = lead
    ? await recordLeadAndDownload(content, visitorId, lead, locale)
    : await recordDownload(content, visitorId);

  await recordAudit({
    action: "download_tracking",
    tableName: "media_file",
    recordId: media.id,
    companyId: content.companyId,
    details: { contentId: content.id, gated: content.requiresLead, newLead },
  });
  return { url, fileName };
}

async function recordDownload(content: EngagedContent, visitorId: string): Promise<false> {
  await db.engagementEvent.create({
    data: {
      companyId: content.companyId,
      contentId: content.id,
      eventId: content.eventId,
      type: "download",
      visitorId,
    },
  });
  return false;
}

/**
 * One statement, so atomic without an interactive transaction: the lead is inserted or, for
 * the same company, content and e-mail, updated (`xmax = 0` tells a fresh row from an
 * updated one); a `lead` row follows only a new lead, a `download` row always. The device
 * that sent the form last has the lead on file, so a fan who just filled it on a new phone
 * is not asked again there. Returns whether the lead is new.
 */
async function recordLeadAndDownload(
  content: EngagedContent,
  visitorId: string,
  lead: LeadInput,
  locale: string | undefined,
): Promise<boolean> {
  const [result] = await db.$queryRaw<{ inserted: boolean }[]>`
    WITH upserted AS (
      INSERT INTO "lead" ("id", "companyId", "contentId", "eventId", "name", "email", "phone", "companyName",
        "consent", "consentAt", "visitorId", "locale", "createdAt", "updatedAt")
      VALUES (${randomUUID()}, ${content.companyId}, ${content.id}, ${content.eventId}, ${lead.name}, ${lead.email},
        ${lead.phone ?? null}, ${lead.company ?? null}, true, ${nowUtc}, ${visitorId}, ${locale ?? null},
        ${nowUtc}, ${nowUtc})
      ON CONFLICT ("companyId", "contentId", "email") DO UPDATE SET
        "name" = EXCLUDED."name", "phone" = EXCLUDED."phone", "companyName" = EXCLUDED."companyName",
        "consent" = true, "consentAt" = EXCLUDED."consentAt", "visitorId" = EXCLUDED."visitorId",
        "locale" = EXCLUDED."locale", "updatedAt" = EXCLUDED."updatedAt"
      RETURNING (xmax = 0) AS "inserted"
    ), logged AS (
      INSERT INTO "engagement_event" ("companyId", "contentId", "eventId", "type", "visitorId", "value", "createdAt")
      SELECT ${content.companyId}, ${content.id}, ${content.eventId}, t."type", ${visitorId}, 1, ${nowUtc}
      FROM upserted, LATERAL (
        SELECT 'download'::"EngagementType" AS "type"
        UNION ALL
        SELECT 'lead'::"EngagementType" WHERE upserted."inserted"
      ) t
    )
    SELECT "inserted" FROM upserted`;
  return result?.inserted ?? false;
}
