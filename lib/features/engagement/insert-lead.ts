import { randomUUID } from "node:crypto";
import { nowUtc } from "@/lib/core/db-sql";
import type { EngagedContent } from "@/lib/features/engagement/get-public-content-or-throw";
import type { LeadInput } from "@/lib/features/engagement/schemas";
import { leadPayload, type LeadRow } from "@/lib/features/webhooks/events";
import { recordDownloadCreated } from "@/lib/features/webhooks/download-created";
import { recordWebhookEvent, writeWithWebhook } from "@/lib/features/webhooks/outbox";
import { db } from "@/lib/core/db";
import type { Prisma } from "@/lib/generated/prisma/client";

/**
 * Inserts a fan's lead: the lead unless the company already has one for this content and e-mail;
 * a `lead` engagement row only for a new lead and a `download` row when the lead came with one
 * (one statement); and their webhook messages (issue #38: `lead.created` for a new lead,
 * `download.created` for the download) in the same transaction when the company has an endpoint
 * listening (`writeWithWebhook`), so they exist exactly when the rows do. Returns whether the
 * lead is new.
 */
export async function insertLead(
  content: EngagedContent,
  visitorId: string,
  lead: LeadInput,
  locale: string | undefined,
  source: string | null,
  /** The file downloaded with the form, or null for a form sent without a download (a ZIP's ticket). */
  download: { mediaId: string | null } | null,
): Promise<boolean> {
  const row = await writeWithWebhook(
    db,
    content.companyId,
    download ? ["lead.created", "download.created"] : "lead.created",
    (tx) => insertStatement(tx, content, visitorId, lead, locale, source, download !== null),
    async (tx, inserted) => {
      if (inserted)
        await recordWebhookEvent(
          tx,
          content.companyId,
          "lead.created",
          leadPayload(inserted),
          inserted.createdAt,
        );
      if (download) await recordDownloadCreated(tx, content, download.mediaId, "file", source);
    },
  );
  return row !== undefined;
}

async function insertStatement(
  tx: Prisma.TransactionClient,
  content: EngagedContent,
  visitorId: string,
  lead: LeadInput,
  locale: string | undefined,
  source: string | null,
  withDownload: boolean,
): Promise<LeadRow | undefined> {
  const marketing = lead.marketingConsent === true;
  const [row] = await tx.$queryRaw<LeadRow[]>`
    WITH inserted AS (
      INSERT INTO "lead" ("id", "companyId", "contentId", "eventId", "name", "email", "phone", "companyName",
        "consent", "consentAt", "marketingConsent", "marketingConsentAt", "visitorId", "locale", "source",
        "createdAt", "updatedAt")
      VALUES (${randomUUID()}, ${content.companyId}, ${content.id}, ${content.eventId}, ${lead.name}, ${lead.email},
        ${lead.phone ?? null}, ${lead.company ?? null}, true, ${nowUtc}, ${marketing},
        CASE WHEN ${marketing}::boolean THEN ${nowUtc} END, ${visitorId}, ${locale ?? null},
        ${source}, ${nowUtc}, ${nowUtc})
      ON CONFLICT ("companyId", "contentId", "email") DO NOTHING
      RETURNING "id", "name", "email", "phone", "companyName", "consent", "marketingConsent", "locale", "source",
        "contentId", "eventId", "createdAt"
    ), logged AS (
      INSERT INTO "engagement_event" ("companyId", "contentId", "eventId", "type", "visitorId", "value", "source", "createdAt")
      SELECT ${content.companyId}, ${content.id}, ${content.eventId}, t."type", ${visitorId}, 1, ${source}, ${nowUtc}
      FROM (
        SELECT 'download'::"EngagementType" AS "type" WHERE ${withDownload}::boolean
        UNION ALL
        SELECT 'lead'::"EngagementType" WHERE EXISTS (SELECT 1 FROM inserted)
      ) t
    )
    SELECT * FROM inserted`;
  return row;
}
