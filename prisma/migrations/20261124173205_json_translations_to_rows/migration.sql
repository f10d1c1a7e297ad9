-- Issue #15: the old JSON translations of company texts become text_translation rows, then the
-- columns go. A description's become automatic, ready versions of the current source (the app
-- dropped that JSON whenever the description changed, so any left are of the current text). The
-- landing page's JSON was never dropped on an edit, so it may be of older words: those become
-- pending versions of an unknown source ('legacy'), shown to nobody until an engine redoes them
-- (the admin sees them as stale). `sourceHash` is
-- computed exactly as lib/translation/fields.ts `sourceHash` does: the first 32 hex characters
-- of sha256("<source locale>\0<text>"). Only the four locales, never the source locale, never
-- empty texts; rows the app already wrote win.

WITH company_source AS (
  SELECT
    c."id",
    CASE WHEN c."sourceLocale" IN ('pt', 'en', 'es', 'fr') THEN c."sourceLocale" ELSE 'pt' END AS "sourceLocale",
    c."description",
    c."landingPageName",
    c."landingPageDescription",
    CASE WHEN jsonb_typeof(c."descriptionTranslations"::jsonb) = 'object' THEN c."descriptionTranslations"::jsonb ELSE '{}'::jsonb END AS "descriptions",
    CASE WHEN jsonb_typeof(c."landingPageTranslations"::jsonb) = 'object' THEN c."landingPageTranslations"::jsonb ELSE '{}'::jsonb END AS "landing"
  FROM "company" c
),
versions AS (
  SELECT s."id" AS "companyId", 'description' AS "field", d.key AS "locale", d.value #>> '{}' AS "text",
         s."description" AS "source", s."sourceLocale"
  FROM company_source s CROSS JOIN LATERAL jsonb_each(s."descriptions") d
  WHERE jsonb_typeof(d.value) = 'string'
  UNION ALL
  SELECT s."id", 'landingPageName', l.key, l.value ->> 'name', s."landingPageName", s."sourceLocale"
  FROM company_source s CROSS JOIN LATERAL jsonb_each(s."landing") l
  WHERE jsonb_typeof(l.value) = 'object' AND jsonb_typeof(l.value -> 'name') = 'string'
  UNION ALL
  SELECT s."id", 'landingPageDescription', l.key, l.value ->> 'description', s."landingPageDescription", s."sourceLocale"
  FROM company_source s CROSS JOIN LATERAL jsonb_each(s."landing") l
  WHERE jsonb_typeof(l.value) = 'object' AND jsonb_typeof(l.value -> 'description') = 'string'
)
INSERT INTO "text_translation"
  ("id", "companyId", "entity", "entityId", "field", "locale", "text", "origin", "state", "sourceHash", "attempts", "createdAt", "updatedAt")
SELECT
  gen_random_uuid()::text, v."companyId", 'company', v."companyId", v."field", v."locale", btrim(v."text"),
  'automatic',
  CASE WHEN v."field" = 'description' THEN 'ready' ELSE 'pending' END::"TranslationState",
  CASE WHEN v."field" = 'description'
    THEN left(encode(sha256(convert_to(v."sourceLocale", 'UTF8') || '\x00'::bytea || convert_to(v."source", 'UTF8')), 'hex'), 32)
    ELSE 'legacy' END,
  0, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP
FROM versions v
WHERE v."locale" IN ('pt', 'en', 'es', 'fr')
  AND v."locale" <> v."sourceLocale"
  AND coalesce(btrim(v."source"), '') <> ''
  AND coalesce(btrim(v."text"), '') <> ''
ON CONFLICT ("entity", "entityId", "field", "locale") DO NOTHING;

-- AlterTable
ALTER TABLE "company" DROP COLUMN "descriptionTranslations",
DROP COLUMN "landingPageTranslations";
