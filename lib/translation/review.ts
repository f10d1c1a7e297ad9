import "server-only";
import { db } from "@/lib/db";
import { locales, resolveLocale } from "@/lib/i18n/config";
import type { Membership } from "@/lib/tenancy/membership";
import {
  sourceHash,
  TRANSLATABLE_FIELDS,
  versionStatus,
  type TranslatableEntityName,
} from "@/lib/translation/fields";
import type { FieldVersions } from "@/lib/translation/review-types";

// TEMP (admin UI branch only, reverted before the final commit): a loader reading the real
// rows so the review UI can be developed against data; ENGINE's implementation replaces it.
export async function loadFieldVersions(
  membership: Membership,
  entity: TranslatableEntityName,
  entityId: string,
): Promise<FieldVersions[]> {
  const companyId = membership.company.id;
  const company = await db.company.findUniqueOrThrow({ where: { id: companyId } });
  const sourceLocale = resolveLocale(company.sourceLocale);
  let record: Record<string, unknown> | null = null;
  if (entity === "company") record = company;
  if (entity === "event") record = await db.event.findFirst({ where: { id: entityId, companyId } });
  if (entity === "content") record = await db.content.findFirst({ where: { id: entityId, companyId } });
  if (!record) return [];
  const rows = await db.textTranslation.findMany({ where: { companyId, entity, entityId } });
  return TRANSLATABLE_FIELDS[entity].map((field) => {
    const text = (record[field] as string | null) ?? null;
    const hash = text ? sourceHash(text, sourceLocale) : "";
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
            engine: row?.engine ?? null,
            error: row?.error ?? null,
          };
        }),
    };
  });
}
