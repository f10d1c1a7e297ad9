import "server-only";
import { db } from "@/lib/core/db";
import { locales } from "@/lib/core/i18n/config";
import type { Membership } from "@/lib/platform/tenancy/membership";
import { assertCan } from "@/lib/platform/access/permissions";
import { sourceHash, versionStatus, type TranslatableEntityName } from "@/lib/features/translation/fields";
import type { FieldVersions } from "@/lib/features/translation/review-types";
import { entitySources } from "@/lib/features/translation/sources";

/** Reading the review needs what reading the entity's form needs. */
const VIEW_PERMISSION = {
  company: "settings.view",
  event: "events.manage",
  content: "content.manage",
} as const;

/**
 * The versions of every translatable field of one company, event or content item of the
 * member's company, for the admin review: one per locale other than the source locale, each
 * with its status from `versionStatus` (a locale without a row is `missing`).
 */
export async function loadFieldVersions(
  membership: Membership,
  entity: TranslatableEntityName,
  entityId: string,
): Promise<FieldVersions[]> {
  assertCan(membership, VIEW_PERMISSION[entity]);
  const companyId = membership.company.id;
  const { sourceLocale, texts } = await entitySources(db, companyId, entity, entityId);
  const rows = await db.textTranslation.findMany({
    where: { companyId, entity, entityId },
    select: {
      field: true,
      locale: true,
      text: true,
      origin: true,
      state: true,
      sourceHash: true,
      engine: true,
      error: true,
    },
  });
  return texts.map(({ field, text }) => {
    const hash = text?.trim() ? sourceHash(text, sourceLocale) : "";
    return {
      entity,
      entityId,
      field,
      sourceLocale,
      sourceText: text,
      versions: locales
        .filter((l) => l !== sourceLocale)
        .map((locale) => {
          const row = rows.find((r) => r.field === field && r.locale === locale);
          return {
            locale,
            text: row?.text ?? null,
            status: versionStatus(row, hash),
            engine: row?.origin === "automatic" ? (row.engine ?? null) : null,
            error: row?.state === "failed" || row?.state === "pending" ? (row.error ?? null) : null,
          };
        }),
    };
  });
}
