import { randomUUID } from "node:crypto";
import { recordAudit } from "@/lib/core/audit/record";
import { db } from "@/lib/core/db";
import { getPublicContentOrThrow } from "@/lib/features/engagement/get-public-content-or-throw";
import { commentSelect, toCommentDto, type CommentDto } from "@/lib/features/engagement/queries";
import { commentSchema } from "@/lib/features/engagement/schemas";
import { nowUtc } from "@/lib/core/db-sql";
import type { Comment } from "@/lib/generated/prisma/client";
import { parseOrThrow } from "@/lib/core/errors";
import { commentPayload } from "@/lib/features/webhooks/events";
import { recordWebhookEvent, writeWithWebhook } from "@/lib/features/webhooks/outbox";

type CommentRow = Pick<Comment, "id" | "authorName" | "rating" | "text" | "createdAt">;

export interface PostedComment {
  comment: CommentDto;
  /** false: a retried request (same requestId) got the comment it posted before. */
  created: boolean;
}

/**
 * Stores a fan's comment (sanitised, spec §5) with its `comment` engagement row, atomically.
 * A repeated `requestId` for the same content returns the first comment: the unique
 * (contentId, requestId) index decides, so two racing retries still post once.
 */
export async function postComment(
  contentId: string,
  visitorId: string,
  input: unknown,
  source: string | null = null,
): Promise<PostedComment> {
  const content = await getPublicContentOrThrow(contentId);
  const { name, rating, text, requestId } = parseOrThrow(commentSchema, input, { message: "field" });

  // One statement: the comment, and its engagement row only when the comment was really inserted;
  // with its `comment.created` webhook messages in the same transaction when someone listens.
  const created = await writeWithWebhook(
    db,
    content.companyId,
    "comment.created",
    async (tx) => {
      const [row] = await tx.$queryRaw<CommentRow[]>`
    WITH inserted AS (
      INSERT INTO "comment" ("id", "companyId", "contentId", "authorName", "rating", "text", "visitorId", "requestId", "createdAt")
      VALUES (${randomUUID()}, ${content.companyId}, ${content.id}, ${name}, ${rating}, ${text}, ${visitorId},
        ${requestId ?? null}, ${nowUtc})
      ON CONFLICT ("contentId", "requestId") DO NOTHING
      RETURNING "id", "authorName", "rating", "text", "createdAt"
    ), logged AS (
      INSERT INTO "engagement_event" ("companyId", "contentId", "eventId", "type", "visitorId", "value", "source", "createdAt")
      SELECT ${content.companyId}, ${content.id}, ${content.eventId}, 'comment'::"EngagementType", ${visitorId}, 1, ${source}, ${nowUtc}
      FROM inserted
    )
    SELECT * FROM inserted`;
      return row;
    },
    (tx, row) =>
      row
        ? recordWebhookEvent(
            tx,
            content.companyId,
            "comment.created",
            commentPayload({ ...row, contentId: content.id }),
            row.createdAt,
          )
        : Promise.resolve(0),
  );

  if (!created) {
    const first = await db.comment.findUniqueOrThrow({
      where: { contentId_requestId: { contentId: content.id, requestId: requestId! } },
      select: commentSelect,
    });
    return { comment: toCommentDto(first), created: false };
  }
  await recordAudit({
    action: "comment_submission",
    tableName: "comment",
    recordId: created.id,
    companyId: content.companyId,
    details: { contentId: content.id },
  });
  return { comment: toCommentDto(created), created: true };
}
