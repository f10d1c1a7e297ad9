"use server";

import { z } from "zod";
import type { ActionResult } from "@/lib/core/errors";
import { isLocale, resolveLocale } from "@/lib/core/i18n/config";
import { adminAction } from "@/lib/platform/actions/admin-action";
import { isPlainText, recordId } from "@/lib/core/validation/common";
import { TRANSLATABLE_FIELDS, type TranslatableEntityName } from "@/lib/features/translation/fields";
import { FIELD_MAX_LENGTH } from "@/lib/features/translation/sources";
import {
  saveVersion,
  setSourceLocale,
  translateAgain,
  translateEverything,
  type VersionRef,
} from "@/lib/features/translation/versions";

/**
 * The admin review's actions (issue #15). The action's own permission is the least any of them
 * needs (`content.manage`: admins and managers); the lib function asks again for the entity's
 * (`settings.edit` for company texts, `events.manage` / `content.manage`), so a manager cannot
 * edit the company's texts. The source locale is refused by the lib function (it is the
 * company's, read from the database).
 */

/**
 * The arguments stay strings in the action's type (the admin UI's contract) and are checked
 * here: entity, a field of that entity, one of the four locales, a record id, and a version's
 * text capped like its source field.
 */
const refShape = {
  entity: z.enum(["company", "event", "content"]),
  entityId: recordId,
  field: z.string().max(64),
  locale: z.string().max(8),
};

function checkRef(
  value: { entity: TranslatableEntityName; field: string; locale: string },
  ctx: z.RefinementCtx,
) {
  if (!(TRANSLATABLE_FIELDS[value.entity] as readonly string[]).includes(value.field))
    ctx.addIssue({ code: "custom", path: ["field"], message: "translation.errors.invalid" });
  if (!isLocale(value.locale))
    ctx.addIssue({ code: "custom", path: ["locale"], message: "translation.errors.invalid" });
}

/** The checked reference (the schema refused anything else; this narrows the types). */
function toRef(value: {
  entity: TranslatableEntityName;
  entityId: string;
  field: string;
  locale: string;
}): VersionRef {
  return {
    entity: value.entity,
    entityId: value.entityId,
    field: value.field,
    locale: resolveLocale(value.locale),
  };
}

const refSchema = z.object(refShape).strict().superRefine(checkRef);

const versionSchema = z
  .object({ ...refShape, text: z.string().max(20_000) })
  .strict()
  .superRefine((value, ctx) => {
    checkRef(value, ctx);
    const text = value.text.normalize("NFC").trim();
    if (!isPlainText(text, true))
      ctx.addIssue({ code: "custom", path: ["text"], message: "validation.invalidCharacters" });
    else if (text.length > (FIELD_MAX_LENGTH[`${value.entity}.${value.field}`] ?? 0))
      ctx.addIssue({ code: "custom", path: ["text"], message: "validation.tooLong" });
  })
  .transform((value) => ({ ...value, text: value.text.normalize("NFC").trim() }));

const manage = { permission: "content.manage" } as const;

/** Saves a hand-typed version (`text` "" removes it: back to automatic). */
export const saveVersionAction: (input: {
  entity: "company" | "event" | "content";
  entityId: string;
  field: string;
  locale: string;
  text: string;
}) => Promise<ActionResult> = adminAction(
  { ...manage, schema: z.tuple([versionSchema]) },
  async ({ membership, changed }, { text, ...version }) => {
    changed(await saveVersion(membership, toRef(version), text));
  },
);

/** Drops the version (manual or not) and queues an engine run for it. */
export const translateAgainAction: (input: {
  entity: "company" | "event" | "content";
  entityId: string;
  field: string;
  locale: string;
}) => Promise<ActionResult> = adminAction(
  { ...manage, schema: z.tuple([refSchema]) },
  async ({ membership, changed }, version) => {
    changed(await translateAgain(membership, toRef(version)));
  },
);

/** Queues engine runs for every text of the company that has no current automatic version. */
export const translateEverythingAction: () => Promise<ActionResult<{ queued: number }>> = adminAction(
  { ...manage, schema: z.tuple([]) },
  async ({ membership }) => translateEverything(membership),
);

/** Settings: the language the company writes in (every version is redone or flagged). */
export const setSourceLocaleAction: (input: { sourceLocale: string }) => Promise<ActionResult> = adminAction(
  {
    permission: "settings.edit",
    schema: z.tuple([
      z
        .object({ sourceLocale: z.string().max(8) })
        .strict()
        .refine((v) => isLocale(v.sourceLocale), {
          path: ["sourceLocale"],
          message: "translation.errors.invalid",
        }),
    ]),
    revalidate: { company: true },
  },
  async ({ membership }, { sourceLocale }) => setSourceLocale(membership, resolveLocale(sourceLocale)),
);
