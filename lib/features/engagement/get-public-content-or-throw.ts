import { db } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors";
import { viewableContentWhere } from "@/lib/platform/site/visibility";
import { isRecordIdShape } from "@/lib/core/validation/common";

export interface EngagedContent {
  id: string;
  companyId: string;
  kind: string;
  requiresLead: boolean;
  coverMediaId: string | null;
  /** The content's first linked event (lowest position): every engagement row carries it. */
  eventId: string | null;
}

export const notFound = () => new AppError("not_found", "engagement.errors.notFound");

/**
 * A content a fan may engage with: the public pages' visibility rules (published, and not
 * only linked to draft or private events). Anything else is "not found", never "forbidden",
 * so the API does not reveal that a hidden content exists.
 */
export async function getPublicContentOrThrow(contentId: string): Promise<EngagedContent> {
  if (!isRecordIdShape(contentId)) throw notFound();
  const row = await db.content.findFirst({
    where: { id: contentId, ...viewableContentWhere },
    select: {
      id: true,
      companyId: true,
      kind: true,
      requiresLead: true,
      coverMediaId: true,
      events: { orderBy: [{ position: "asc" }, { createdAt: "asc" }], take: 1, select: { eventId: true } },
    },
  });
  if (!row) throw notFound();
  const { events, ...content } = row;
  return { ...content, eventId: events[0]?.eventId ?? null };
}
