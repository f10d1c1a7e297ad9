import "server-only";
import { recordMemberAudit } from "@/lib/core/audit/record";
import { db } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors";
import { resolveLocale, type Locale } from "@/lib/core/i18n/config";
import type { PublicChange } from "@/lib/platform/site/cache-tags";
import { consumeLimits, rateLimited } from "@/lib/core/rate-limit/limiter";
import type { Membership } from "@/lib/platform/tenancy/membership";
import { assertCan } from "@/lib/platform/access/permissions";
import { activeEngine } from "@/lib/features/translation/engines/select";
import { sourceHash, type TranslatableEntityName } from "@/lib/features/translation/fields";
import {
  queueTranslationRuns,
  recordSourceTexts,
  type TranslationRuns,
} from "@/lib/features/translation/record";
import { allCompanySources, EDIT_PERMISSION, entitySources } from "@/lib/features/translation/sources";

/**
 * The admin review's writes (issue #15): hand-typed versions, "translate again", "translate
 * everything" and the company's source language. Each checks its permission again and scopes
 * every read and write by the member's company.
 */

export interface VersionRef {
  entity: TranslatableEntityName;
  entityId: string;
  field: string;
  locale: Locale;
}

/** The public pages showing one entity's texts. */
async function changeOf(
  companyId: string,
  entity: TranslatableEntityName,
  entityId: string,
): Promise<PublicChange> {
  if (entity === "company") return { companyId, eventIds: [], contentIds: [] };
  if (entity === "event") return { companyId, eventIds: [entityId], contentIds: [] };
  const links = await db.contentEvent.findMany({ where: { contentId: entityId }, select: { eventId: true } });
  return { companyId, eventIds: links.map((l) => l.eventId), contentIds: [entityId] };
}

/** The field's current source text and hash; refuses the source locale and an empty source. */
async function currentSource(membership: Membership, ref: VersionRef) {
  assertCan(membership, EDIT_PERMISSION[ref.entity]);
  const companyId = membership.company.id;
  const { sourceLocale, texts } = await entitySources(db, companyId, ref.entity, ref.entityId);
  const source = texts.find((t) => t.field === ref.field);
  if (!source) throw new AppError("validation", "translation.errors.unknownField");
  if (ref.locale === sourceLocale)
    throw new AppError("validation", "translation.errors.sourceLocale", {
      fieldErrors: { locale: "translation.errors.sourceLocale" },
    });
  if (!source.text?.trim())
    throw new AppError("validation", "translation.errors.noSource", {
      fieldErrors: { text: "translation.errors.noSource" },
    });
  return { companyId, sourceLocale, hash: sourceHash(source.text, sourceLocale) };
}

const rowKey = (companyId: string, ref: VersionRef) => ({
  companyId,
  entity: ref.entity,
  entityId: ref.entityId,
  field: ref.field,
  locale: ref.locale,
});
const uniqueKey = (ref: VersionRef) => ({
  entity_entityId_field_locale: {
    entity: ref.entity,
    entityId: ref.entityId,
    field: ref.field,
    locale: ref.locale,
  },
});

/** Makes the version an automatic one due for an engine run (none configured: removed). */
async function requeue(companyId: string, ref: VersionRef, hash: string): Promise<TranslationRuns | null> {
  if (!(await activeEngine())) {
    await db.textTranslation.deleteMany({ where: rowKey(companyId, ref) });
    return null;
  }
  const automatic = {
    origin: "automatic",
    state: "pending",
    sourceHash: hash,
    error: null,
    attempts: 0,
  } as const;
  await db.textTranslation.upsert({
    where: uniqueKey(ref),
    // The version is dropped (fans see the source) until the engine's is ready; asked for
    // again, it is sent again and counts again against the month's allowance.
    update: { ...automatic, text: null, engine: null, chargedHash: null },
    create: { ...rowKey(companyId, ref), ...automatic },
  });
  return { companyId, locales: [ref.locale] };
}

/** A hand-typed version of the current source; "" removes it and an automatic one is queued. */
export async function saveVersion(
  membership: Membership,
  ref: VersionRef,
  text: string,
): Promise<PublicChange> {
  const { companyId, hash } = await currentSource(membership, ref);
  if (text === "") {
    await limitEngineRequests(companyId);
    await queueTranslationRuns(await requeue(companyId, ref, hash));
  } else {
    const manual = {
      text,
      origin: "manual",
      state: "ready",
      sourceHash: hash,
      engine: null,
      error: null,
    } as const;
    await db.textTranslation.upsert({
      where: uniqueKey(ref),
      update: manual,
      create: { ...rowKey(companyId, ref), ...manual },
    });
  }
  // Company texts are settings: audited like every other settings change.
  if (ref.entity === "company")
    await recordMemberAudit(membership, {
      details: { operation: "translation_saved", field: ref.field, locale: ref.locale },
    });
  return changeOf(companyId, ref.entity, ref.entityId);
}

/** Drops the version (hand-typed or not) and queues an engine run for it. */
export async function translateAgain(membership: Membership, ref: VersionRef): Promise<PublicChange> {
  const { companyId, hash } = await currentSource(membership, ref);
  if (!(await activeEngine())) throw new AppError("conflict", "translation.errors.noEngine");
  await limitEngineRequests(companyId);
  await queueTranslationRuns(await requeue(companyId, ref, hash));
  return changeOf(companyId, ref.entity, ref.entityId);
}

/**
 * "Translate again" and "back to automatic" per company an hour: each sends a text to the
 * engine, whose quota (DeepL's is paid) and one worker every company shares.
 */
export const ENGINE_REQUESTS_PER_HOUR = 60;

async function limitEngineRequests(companyId: string): Promise<void> {
  const limit = await consumeLimits(
    [{ key: `translate-again:${companyId}`, limit: ENGINE_REQUESTS_PER_HOUR }],
    60 * 60,
  );
  if (!limit.allowed) throw rateLimited(limit.retryAfter, "translation.errors.rateLimited");
}

/** A company may ask for everything once a minute (it reads every text it has). */
export const TRANSLATE_EVERYTHING_PER_MINUTE = 1;

/**
 * Queues engine runs for every text of the company lacking a current version: missing or
 * outdated automatic versions become pending, failed ones are tried again; hand-typed ones
 * are left alone. Returns how many versions are now waiting for an engine.
 */
export async function translateEverything(membership: Membership): Promise<{ queued: number }> {
  assertCan(membership, "content.manage");
  const companyId = membership.company.id;
  if (!(await activeEngine())) throw new AppError("conflict", "translation.errors.noEngine");
  const limit = await consumeLimits([
    { key: `translate-everything:${companyId}`, limit: TRANSLATE_EVERYTHING_PER_MINUTE },
  ]);
  if (!limit.allowed) throw rateLimited(limit.retryAfter, "translation.errors.rateLimited");
  const runs = await db.$transaction(
    async (tx) => {
      const company = await tx.company.findUniqueOrThrow({
        where: { id: companyId },
        select: { sourceLocale: true },
      });
      await tx.textTranslation.updateMany({
        where: { companyId, origin: "automatic", state: "failed", locale: { not: company.sourceLocale } },
        data: { state: "pending", error: null, attempts: 0 },
      });
      return recordSourceTexts(
        tx,
        companyId,
        resolveLocale(company.sourceLocale),
        await allCompanySources(tx, companyId),
      );
    },
    { timeout: 60_000 },
  );
  const pending = await db.textTranslation.groupBy({
    by: ["locale"],
    where: { companyId, origin: "automatic", state: "pending" },
    _count: { _all: true },
  });
  await queueTranslationRuns({
    companyId,
    locales: [...new Set([...runs.locales, ...pending.map((p) => p.locale as Locale)])],
  });
  return { queued: pending.reduce((n, p) => n + p._count._all, 0) };
}

/**
 * A new source language. The texts as typed are now read as that language, so every hash
 * changes: automatic versions are redone (pending), hand-typed ones turn stale for review,
 * and the versions in the new source language are deleted (the source itself is shown there;
 * a version would never be read). The old source language gets automatic versions like any other.
 */
export async function setSourceLocale(membership: Membership, sourceLocale: Locale): Promise<void> {
  assertCan(membership, "settings.edit");
  const companyId = membership.company.id;
  // Every text of the company is redone: once a minute, which also keeps two changes from
  // queueing on the company row (each holding a connection) while the first does the work.
  const limit = await consumeLimits([{ key: `source-locale:${companyId}`, limit: 1 }]);
  if (!limit.allowed) throw rateLimited(limit.retryAfter, "translation.errors.rateLimited");
  const runs = await db.$transaction(
    async (tx) => {
      const company = await tx.company.findUniqueOrThrow({
        where: { id: companyId },
        select: { sourceLocale: true },
      });
      if (company.sourceLocale === sourceLocale) return null;
      await tx.company.update({ where: { id: companyId }, data: { sourceLocale } });
      await tx.textTranslation.deleteMany({ where: { companyId, locale: sourceLocale } });
      return recordSourceTexts(tx, companyId, sourceLocale, await allCompanySources(tx, companyId));
    },
    { timeout: 60_000 },
  );
  if (!runs) return;
  await queueTranslationRuns(runs);
  await recordMemberAudit(membership, { details: { operation: "source_locale_updated", sourceLocale } });
}
