import type { PrismaClient } from "@/lib/core/db-client";
import { AppError } from "@/lib/core/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { resolveLocale, type Locale } from "@/lib/core/i18n/config";
import type { Permission } from "@/lib/platform/access/permissions";
import {
  TRANSLATABLE_FIELDS,
  type SourceText,
  type TranslatableEntityName,
} from "@/lib/features/translation/fields";

type Client = PrismaClient | Prisma.TransactionClient;

/** Who may edit an entity's versions: company texts are settings; events and contents their own. */
export const EDIT_PERMISSION: Record<TranslatableEntityName, Permission> = {
  company: "settings.edit",
  event: "events.manage",
  content: "content.manage",
};

/** The longest version a field takes: the cap of its source field's form. */
export const FIELD_MAX_LENGTH: Record<string, number> = {
  "company.description": 2000,
  "company.landingPageName": 100,
  "company.landingPageDescription": 1000,
  "event.name": 200,
  "event.description": 5000,
  "content.title": 200,
  "content.description": 5000,
};

export interface EntitySources {
  sourceLocale: Locale;
  texts: SourceText[];
}

/**
 * The source texts of one entity of the company (ownership is part of the query: another
 * company's id is not found), with the company's source locale.
 */
export async function entitySources(
  client: Client,
  companyId: string,
  entity: TranslatableEntityName,
  entityId: string,
): Promise<EntitySources> {
  const company = await client.company.findUniqueOrThrow({
    where: { id: companyId },
    select: { sourceLocale: true, description: true, landingPageName: true, landingPageDescription: true },
  });
  const sourceLocale = resolveLocale(company.sourceLocale);
  const texts = (fields: Record<string, string | null>): SourceText[] =>
    TRANSLATABLE_FIELDS[entity].map((field) => ({ entity, entityId, field, text: fields[field] ?? null }));
  if (entity === "company") {
    if (entityId !== companyId) throw new AppError("not_found", "translation.errors.notFound");
    return { sourceLocale, texts: texts(company) };
  }
  if (entity === "event") {
    const event = await client.event.findFirst({
      where: { id: entityId, companyId },
      select: { name: true, description: true },
    });
    if (!event) throw new AppError("not_found", "events.errors.notFound");
    return { sourceLocale, texts: texts(event) };
  }
  const content = await client.content.findFirst({
    where: { id: entityId, companyId },
    select: { title: true, description: true },
  });
  if (!content) throw new AppError("not_found", "content.errors.notFound");
  return { sourceLocale, texts: texts(content) };
}

/** Every translatable text of the company (translate everything, a change of source language). */
export async function allCompanySources(client: Client, companyId: string): Promise<SourceText[]> {
  const company = await client.company.findUniqueOrThrow({
    where: { id: companyId },
    select: { description: true, landingPageName: true, landingPageDescription: true },
  });
  const events = await client.event.findMany({
    where: { companyId },
    select: { id: true, name: true, description: true },
  });
  const contents = await client.content.findMany({
    where: { companyId },
    select: { id: true, title: true, description: true },
  });
  const of = (entity: TranslatableEntityName, entityId: string, fields: Record<string, string | null>) =>
    TRANSLATABLE_FIELDS[entity].map((field): SourceText => ({
      entity,
      entityId,
      field,
      text: fields[field] ?? null,
    }));
  return [
    ...of("company", companyId, company),
    ...events.flatMap(({ id, ...f }) => of("event", id, f)),
    ...contents.flatMap(({ id, ...f }) => of("content", id, f)),
  ];
}
