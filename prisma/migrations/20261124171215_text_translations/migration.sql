-- CreateEnum
CREATE TYPE "TranslatableEntity" AS ENUM ('company', 'event', 'content');

-- CreateEnum
CREATE TYPE "TranslationOrigin" AS ENUM ('automatic', 'manual');

-- CreateEnum
CREATE TYPE "TranslationState" AS ENUM ('pending', 'ready', 'failed');

-- AlterTable
ALTER TABLE "company" ADD COLUMN     "sourceLocale" TEXT NOT NULL DEFAULT 'pt';

-- CreateTable
CREATE TABLE "text_translation" (
    "id" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "entity" "TranslatableEntity" NOT NULL,
    "entityId" TEXT NOT NULL,
    "field" TEXT NOT NULL,
    "locale" TEXT NOT NULL,
    "text" TEXT,
    "origin" "TranslationOrigin" NOT NULL DEFAULT 'automatic',
    "state" "TranslationState" NOT NULL DEFAULT 'pending',
    "sourceHash" TEXT NOT NULL,
    "engine" TEXT,
    "error" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "text_translation_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "text_translation_companyId_state_idx" ON "text_translation"("companyId", "state");

-- CreateIndex
CREATE UNIQUE INDEX "text_translation_entity_entityId_field_locale_key" ON "text_translation"("entity", "entityId", "field", "locale");

-- AddForeignKey
ALTER TABLE "text_translation" ADD CONSTRAINT "text_translation_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "company"("id") ON DELETE CASCADE ON UPDATE CASCADE;
