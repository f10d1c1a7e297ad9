-- AlterTable
ALTER TABLE "text_translation" ADD COLUMN     "chargedHash" TEXT;

-- CreateTable
CREATE TABLE "translation_usage" (
    "companyId" TEXT NOT NULL,
    "month" DATE NOT NULL,
    "characters" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "translation_usage_pkey" PRIMARY KEY ("companyId","month")
);

-- AddForeignKey
ALTER TABLE "translation_usage" ADD CONSTRAINT "translation_usage_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "company"("id") ON DELETE CASCADE ON UPDATE CASCADE;
