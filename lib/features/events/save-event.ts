import { recordEventPublished } from "@/lib/features/webhooks/event-published";
import { hashPassword } from "better-auth/crypto";
import { assertCan } from "@/lib/platform/access/permissions";
import { db } from "@/lib/core/db";
import { AppError, isUniqueViolation, parseOrThrow } from "@/lib/core/errors";
import { getEventOrThrow } from "@/lib/features/events/get-event-or-throw";
import { eventInputSchema, type EventInput, type ParsedEventInput } from "@/lib/features/events/schemas";
import { zonedTimeToUtc } from "@/lib/features/events/time-zone";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { EventStatus } from "@/lib/generated/prisma/enums";
import { claimLooseMedia, releaseLooseMedia } from "@/lib/platform/media/loose-media";
import { redrawWatermarkedGalleries } from "@/lib/platform/media/watermark/requests";
import type { Membership } from "@/lib/platform/tenancy/membership";
import type { SourceText } from "@/lib/features/translation/fields";
import {
  companySourceLocale,
  queueTranslationRuns,
  recordSourceTexts,
  type TranslationRuns,
} from "@/lib/features/translation/record";

/** The spec's message when the slug is taken (§5). */
export const SLUG_IN_USE = "events.errors.slugInUse";

export interface SavedEvent {
  id: string;
  slug: string;
  /** For `revalidatePublic`. */
  changed: { companyId: string; eventIds: string[] };
}

function columns(input: ParsedEventInput) {
  return {
    name: input.name,
    slug: input.slug,
    description: input.description,
    startsAt: zonedTimeToUtc(input.date, input.time, input.timeZone),
    timeZone: input.timeZone,
    location: input.location,
    maxParticipants: input.maxParticipants,
    participantsCount: input.participantsCount,
    priceMinor: input.priceMinor,
    currency: input.currency,
    status: input.status,
    isPublic: input.isPublic,
  } satisfies Prisma.EventUncheckedUpdateInput;
}

/**
 * The visibility and password columns of a save (issue #36), as a gallery's: a password event
 * needs a password; a new one is hashed with Better Auth's scrypt (the accounts' KDF), else the
 * stored hash stays; any other visibility forgets the hash, so turning the password on again asks
 * for one. A new hash ends every unlock given (the cookie's MAC binds the hash).
 */
function accessColumns(
  input: ParsedEventInput,
  newHash: string | null,
  storedHash: string | null,
): { visibility: ParsedEventInput["visibility"]; accessPasswordHash: string | null } {
  const { visibility } = input;
  if (visibility !== "password") return { visibility, accessPasswordHash: null };
  const accessPasswordHash = newHash ?? storedHash;
  if (!accessPasswordHash) {
    throw new AppError("validation", "events.errors.passwordRequired", {
      fieldErrors: { accessPassword: "events.errors.passwordRequired" },
    });
  }
  return { visibility, accessPasswordHash };
}

/** A new event password's hash, made before the save's transaction (scrypt takes a while). */
const newPasswordHash = async (data: ParsedEventInput) =>
  data.visibility === "password" && data.accessPassword ? hashPassword(data.accessPassword) : null;

/**
 * The banner's media (uploaded with target `event-banner`): a photo of this company that
 * belongs to no content and that no other row holds (lib/platform/media/loose-media.ts).
 * `Event.bannerKey` holds its storage key; public pages find its renditions through that key
 * (`MediaFile.storageKey` is unique) and never serve the original.
 */
async function bannerKeyFor(
  tx: Prisma.TransactionClient,
  companyId: string,
  bannerMediaId: string,
  ownKey: string | null,
): Promise<string> {
  const key = await claimLooseMedia(tx, companyId, bannerMediaId, ownKey);
  if (!key)
    throw new AppError("validation", "events.errors.bannerInvalid", {
      fieldErrors: { bannerMediaId: "events.errors.bannerInvalid" },
    });
  return key;
}

/** The event's translatable texts, recorded in the save's transaction (lib/features/translation/record.ts). */
async function recordTexts(
  tx: Prisma.TransactionClient,
  companyId: string,
  eventId: string,
  data: ParsedEventInput,
): Promise<TranslationRuns> {
  const texts: SourceText[] = [
    { entity: "event", entityId: eventId, field: "name", text: data.name },
    { entity: "event", entityId: eventId, field: "description", text: data.description ?? null },
  ];
  return recordSourceTexts(tx, companyId, await companySourceLocale(tx, companyId), texts);
}

export async function createEvent(membership: Membership, input: EventInput): Promise<SavedEvent> {
  assertCan(membership, "events.manage");
  const data = parseOrThrow(eventInputSchema, input);
  const companyId = membership.company.id;
  const newHash = await newPasswordHash(data);
  try {
    const { event, runs } = await db.$transaction(async (tx) => {
      const bannerKey = data.bannerMediaId
        ? await bannerKeyFor(tx, companyId, data.bannerMediaId, null)
        : null;
      const event = await tx.event.create({
        data: { ...columns(data), ...accessColumns(data, newHash, null), companyId, bannerKey },
        select: { id: true, slug: true },
      });
      if (data.status === "published") await recordEventPublished(tx, membership.company.slug, event.id);
      return { event, runs: await recordTexts(tx, companyId, event.id, data) };
    });
    await queueTranslationRuns(runs);
    return { ...event, changed: { companyId, eventIds: [event.id] } };
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError("conflict", SLUG_IN_USE, { fieldErrors: { slug: SLUG_IN_USE } });
    throw error;
  }
}

export async function updateEvent(
  membership: Membership,
  eventId: string,
  input: EventInput,
): Promise<SavedEvent> {
  assertCan(membership, "events.manage");
  const data = parseOrThrow(eventInputSchema, input);
  const companyId = membership.company.id;
  let replacedBanner: string | null = null;
  const newHash = await newPasswordHash(data);
  let sponsorMoved = false;
  try {
    const { event, runs } = await db.$transaction(async (tx) => {
      const current = await getEventOrThrow(tx, companyId, eventId, {
        bannerKey: true,
        accessPasswordHash: true,
        startsAt: true,
        sponsorLogoKey: true,
      });
      // A sponsor's event moved in time may change which sponsor marks a gallery (the first).
      sponsorMoved =
        current.sponsorLogoKey !== null && current.startsAt.getTime() !== columns(data).startsAt.getTime();
      let bannerKey = current.bannerKey;
      if (data.bannerMediaId === null) bannerKey = null;
      else if (data.bannerMediaId)
        bannerKey = await bannerKeyFor(tx, companyId, data.bannerMediaId, current.bannerKey);
      if (current.bannerKey && current.bannerKey !== bannerKey) replacedBanner = current.bannerKey;
      const wentLive = data.status === "published" && (await goLive(tx, companyId, eventId));
      const { count } = await tx.event.updateMany({
        where: { id: eventId, companyId },
        data: { ...columns(data), ...accessColumns(data, newHash, current.accessPasswordHash), bannerKey },
      });
      if (count !== 1) throw new AppError("not_found", "events.errors.notFound");
      if (wentLive) await recordEventPublished(tx, membership.company.slug, eventId);
      return {
        event: { id: eventId, slug: data.slug },
        runs: await recordTexts(tx, companyId, eventId, data),
      };
    });
    await queueTranslationRuns(runs);
    if (replacedBanner) await releaseLooseMedia(companyId, replacedBanner);
    if (sponsorMoved) await redrawWatermarkedGalleries({ companyId, eventId });
    return { ...event, changed: { companyId, eventIds: [event.id] } };
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError("conflict", SLUG_IN_USE, { fieldErrors: { slug: SLUG_IN_USE } });
    throw error;
  }
}

/**
 * Publishes the event if it is not live yet; true when this call made it go live. The
 * conditional write holds the row's lock to the end of the transaction, so of two saves at
 * once only one sees the change (one `event.published`, not two).
 */
async function goLive(tx: Prisma.TransactionClient, companyId: string, eventId: string): Promise<boolean> {
  const { count } = await tx.event.updateMany({
    where: { id: eventId, companyId, status: { not: "published" } },
    data: { status: "published" },
  });
  return count === 1;
}

/** The publish control's one write: fans see a published, public event. */
export async function setEventStatus(
  membership: Membership,
  eventId: string,
  status: EventStatus,
): Promise<{ changed: { companyId: string; eventIds: string[] } }> {
  assertCan(membership, "events.manage");
  const companyId = membership.company.id;
  await db.$transaction(async (tx) => {
    const wentLive = status === "published" && (await goLive(tx, companyId, eventId));
    const { count } = await tx.event.updateMany({ where: { id: eventId, companyId }, data: { status } });
    if (count !== 1) throw new AppError("not_found", "events.errors.notFound");
    // Going live is `event.published` for the company's webhooks (issue #38), with the change.
    if (wentLive) await recordEventPublished(tx, membership.company.slug, eventId);
  });
  return { changed: { companyId, eventIds: [eventId] } };
}

/** Deletes an event and its banner; its contents stay (only their link to it goes). */
export async function deleteEvent(
  membership: Membership,
  eventId: string,
): Promise<{ changed: { companyId: string; eventIds: string[]; contentIds: string[] } }> {
  assertCan(membership, "events.manage");
  const companyId = membership.company.id;
  const event = await getEventOrThrow(db, companyId, eventId, {
    bannerKey: true,
    sponsorLogoKey: true,
    contents: { select: { contentId: true } },
  });
  await db.$transaction([
    db.event.deleteMany({ where: { id: eventId, companyId } }),
    // Versions point at their text by id (no foreign key): they go with it.
    db.textTranslation.deleteMany({ where: { companyId, entity: "event", entityId: eventId } }),
  ]);
  if (event.bannerKey) await releaseLooseMedia(companyId, event.bannerKey);
  const contentIds = event.contents.map((c) => c.contentId);
  if (event.sponsorLogoKey) {
    // Its sponsor's mark leaves the event's watermarked galleries with it (issue #36).
    await releaseLooseMedia(companyId, event.sponsorLogoKey);
    await redrawWatermarkedGalleries({ companyId, contentIds });
  }
  return { changed: { companyId, eventIds: [eventId], contentIds } };
}
