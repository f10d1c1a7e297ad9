import { recordContentPublished } from "@/lib/features/webhooks/content-published";
import { assertCan } from "@/lib/platform/access/permissions";
import { getContentOrThrow } from "@/lib/features/content/get-content-or-throw";
import {
  contentInputSchema,
  type ContentInput,
  type ContentVisibilityValue,
} from "@/lib/features/content/schemas";
import { hashPassword } from "better-auth/crypto";
import { db } from "@/lib/core/db";
import { AppError, parseOrThrow } from "@/lib/core/errors";
import type { ContentStatus, Prisma } from "@/lib/generated/prisma/client";
import { assertPhotoRoom, lockCompanyQuota } from "@/lib/platform/plans/enforce";
import { requestWebCopies, scheduleGalleryExpiry } from "@/lib/core/queue/sender";
import { redrawWatermarkedGalleries } from "@/lib/platform/media/watermark/requests";
import type { Membership } from "@/lib/platform/tenancy/membership";
import {
  companySourceLocale,
  queueTranslationRuns,
  recordSourceTexts,
} from "@/lib/features/translation/record";

/** What changed on public pages, for `revalidatePublic`. */
export interface ContentChange {
  companyId: string;
  contentIds: string[];
  eventIds: string[];
}

/** The content's translatable texts, recorded in the save's transaction (lib/features/translation/record.ts). */
async function recordTexts(
  tx: Prisma.TransactionClient,
  companyId: string,
  contentId: string,
  data: { title: string; description?: string | null },
) {
  return recordSourceTexts(tx, companyId, await companySourceLocale(tx, companyId), [
    { entity: "content", entityId: contentId, field: "title", text: data.title },
    { entity: "content", entityId: contentId, field: "description", text: data.description ?? null },
  ]);
}

/** Every id must be an event of the company. */
async function assertOwnEvents(
  tx: Prisma.TransactionClient,
  companyId: string,
  eventIds: string[],
): Promise<void> {
  if (eventIds.length === 0) return;
  const found = await tx.event.count({ where: { companyId, id: { in: eventIds } } });
  if (found !== new Set(eventIds).size) {
    throw new AppError("validation", "content.errors.eventNotFound", {
      fieldErrors: { eventIds: "content.errors.eventNotFound" },
    });
  }
}

/** Links content to events, each at the end of the event's list. */
async function link(tx: Prisma.TransactionClient, contentId: string, eventIds: string[]): Promise<void> {
  for (const eventId of eventIds) {
    const last = await tx.contentEvent.aggregate({ where: { eventId }, _max: { position: true } });
    await tx.contentEvent.create({ data: { contentId, eventId, position: (last._max.position ?? -1) + 1 } });
  }
}

/**
 * The password and expiry columns of a save (issue #36). A password gallery needs a password:
 * a new one is hashed with Better Auth's scrypt (the accounts' KDF), else the stored hash stays;
 * any other visibility forgets the hash, so turning the password on again asks for one.
 */
function accessFields(
  data: { visibility: ContentVisibilityValue; expiresAt: Date | null },
  newHash: string | null,
  storedHash: string | null,
): { visibility: ContentVisibilityValue; accessPasswordHash: string | null; expiresAt: Date | null } {
  const { visibility, expiresAt } = data;
  if (visibility !== "password") return { visibility, accessPasswordHash: null, expiresAt };
  const accessPasswordHash = newHash ?? storedHash;
  if (!accessPasswordHash) {
    throw new AppError("validation", "content.errors.passwordRequired", {
      fieldErrors: { accessPassword: "content.errors.passwordRequired" },
    });
  }
  return { visibility, accessPasswordHash, expiresAt };
}

/** A new gallery password's hash, made before the save's transaction (scrypt takes a while). */
const newPasswordHash = async (data: { visibility: string; accessPassword?: string }) =>
  data.visibility === "password" && data.accessPassword ? hashPassword(data.accessPassword) : null;

/** `publishedAt` is set when content goes live (again); kept otherwise. */
function publishedAtFor(next: ContentStatus, previous: ContentStatus | null): Date | undefined {
  return next === "published" && previous !== "published" ? new Date() : undefined;
}

export async function createContent(
  membership: Membership,
  input: ContentInput,
): Promise<{ id: string; changed: ContentChange }> {
  assertCan(membership, "content.manage");
  const data = parseOrThrow(contentInputSchema, input);
  const companyId = membership.company.id;
  const eventIds = [...new Set(data.eventIds)];
  const newHash = await newPasswordHash(data);
  const content = await db.$transaction(async (tx) => {
    await assertOwnEvents(tx, companyId, eventIds);
    const created = await tx.content.create({
      data: {
        companyId,
        title: data.title,
        description: data.description,
        category: data.category,
        tags: data.tags,
        kind: data.kind,
        status: data.status,
        requiresLead: data.requiresLead,
        keepPhotoMetadata: data.keepPhotoMetadata,
        downloadRule: data.downloadRule,
        webDownloadEdge: data.webDownloadEdge,
        ...accessFields(data, newHash, null),
        publishedAt: publishedAtFor(data.status ?? "draft", null) ?? null,
      },
      select: { id: true },
    });
    await link(tx, created.id, eventIds);
    if (data.status === "published") {
      await recordContentPublished(tx, membership.company.slug, created.id, new Date());
    }
    return { ...created, runs: await recordTexts(tx, companyId, created.id, data) };
  });
  await queueTranslationRuns(content.runs);
  if (data.expiresAt) await scheduleGalleryExpiry(content.id, data.expiresAt);
  return { id: content.id, changed: { companyId, contentIds: [content.id], eventIds } };
}

/**
 * Saves the edit form. Linking to a new event counts the content's photos against that
 * event's plan limit (Starter: 50), so a full gallery cannot be attached to a full event.
 */
export async function updateContent(
  membership: Membership,
  contentId: string,
  input: ContentInput,
): Promise<{ id: string; changed: ContentChange }> {
  assertCan(membership, "content.manage");
  const data = parseOrThrow(contentInputSchema, input);
  const companyId = membership.company.id;
  const eventIds = [...new Set(data.eventIds)];
  const newHash = await newPasswordHash(data);
  const before = await db.$transaction(async (tx) => {
    const current = await getContentOrThrow(tx, companyId, contentId, {
      status: true,
      downloadRule: true,
      webDownloadEdge: true,
      accessPasswordHash: true,
      expiresAt: true,
      events: { select: { eventId: true } },
    });
    await assertOwnEvents(tx, companyId, eventIds);
    const wentLive = publishedAtFor(data.status ?? current.status, current.status);
    const previous = current.events.map((e) => e.eventId);
    const added = eventIds.filter((id) => !previous.includes(id));
    const removed = previous.filter((id) => !eventIds.includes(id));
    if (added.length > 0) {
      await lockCompanyQuota(tx, companyId);
      const photos = await tx.mediaFile.count({
        where: { companyId, contentId, kind: "photo", state: { not: "failed" } },
      });
      await assertPhotoRoom(tx, companyId, added, photos);
    }
    await tx.content.updateMany({
      where: { id: contentId, companyId },
      data: {
        title: data.title,
        description: data.description,
        category: data.category,
        tags: data.tags,
        kind: data.kind,
        status: data.status,
        requiresLead: data.requiresLead,
        keepPhotoMetadata: data.keepPhotoMetadata,
        downloadRule: data.downloadRule,
        webDownloadEdge: data.webDownloadEdge,
        ...accessFields(data, newHash, current.accessPasswordHash),
        publishedAt: wentLive,
      },
    });
    if (wentLive) await recordContentPublished(tx, membership.company.slug, contentId, wentLive);
    if (removed.length > 0)
      await tx.contentEvent.deleteMany({ where: { contentId, eventId: { in: removed } } });
    await link(tx, contentId, added);
    const webCopiesDue =
      data.downloadRule === "web" &&
      (current.downloadRule !== "web" || current.webDownloadEdge !== data.webDownloadEdge);
    const expiryDue = data.expiresAt !== null && data.expiresAt.getTime() !== current.expiresAt?.getTime();
    const eventsChanged = added.length > 0 || removed.length > 0;
    return {
      previous,
      webCopiesDue,
      expiryDue,
      eventsChanged,
      runs: await recordTexts(tx, companyId, contentId, data),
    };
  });
  await queueTranslationRuns(before.runs);
  if (before.webCopiesDue) await requestWebCopies(contentId);
  // Other events may bring another sponsor's mark (issue #36).
  if (before.eventsChanged) await redrawWatermarkedGalleries({ companyId, contentIds: [contentId] });
  if (before.expiryDue && data.expiresAt) await scheduleGalleryExpiry(contentId, data.expiresAt);
  return {
    id: contentId,
    changed: {
      companyId,
      contentIds: [contentId],
      eventIds: [...new Set([...before.previous, ...eventIds])],
    },
  };
}

/** Publish, unpublish (draft) or archive. */
export async function setContentStatus(
  membership: Membership,
  contentId: string,
  status: ContentStatus,
): Promise<{ changed: ContentChange }> {
  assertCan(membership, "content.manage");
  const companyId = membership.company.id;
  const current = await getContentOrThrow(db, companyId, contentId, {
    status: true,
    events: { select: { eventId: true } },
  });
  const publishedAt = publishedAtFor(status, current.status);
  await db.$transaction(async (tx) => {
    // Going live is conditional on not being live: of two publishes at once (a retried API call,
    // the button and the API together) one changes the row and the other waits on its lock and
    // then finds it published, so `content.published` is written once (issue #38).
    const { count } = await tx.content.updateMany({
      where: { id: contentId, companyId, ...(publishedAt ? { status: { not: "published" } } : {}) },
      data: { status, publishedAt },
    });
    // Going live (again) is `content.published` for the company's webhooks, with the change.
    if (publishedAt && count === 1) {
      await recordContentPublished(tx, membership.company.slug, contentId, publishedAt);
    }
  });
  return { changed: { companyId, contentIds: [contentId], eventIds: current.events.map((e) => e.eventId) } };
}
