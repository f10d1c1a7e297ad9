-- CreateEnum
CREATE TYPE "BrandColorScheme" AS ENUM ('system', 'light', 'dark');

-- AlterTable
ALTER TABLE "company" ADD COLUMN     "accentColor" TEXT,
ADD COLUMN     "colorScheme" "BrandColorScheme" NOT NULL DEFAULT 'system';

-- AlterTable
ALTER TABLE "domain" ADD COLUMN     "activatedAt" TIMESTAMP(3),
ADD COLUMN     "nextCheckAt" TIMESTAMP(3),
ADD COLUMN     "propagatingSince" TIMESTAMP(3),
ADD COLUMN     "providerRecordId" TEXT;

-- CreateTable
CREATE TABLE "slug_redirect" (
    "slug" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "releasedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "heldUntil" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "slug_redirect_pkey" PRIMARY KEY ("slug")
);

-- CreateIndex
CREATE INDEX "slug_redirect_companyId_idx" ON "slug_redirect"("companyId");

-- AddForeignKey
ALTER TABLE "slug_redirect" ADD CONSTRAINT "slug_redirect_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "company"("id") ON DELETE CASCADE ON UPDATE CASCADE;
