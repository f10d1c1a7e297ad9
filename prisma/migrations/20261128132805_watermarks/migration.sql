-- AlterTable
ALTER TABLE "company" ADD COLUMN     "watermarkDesign" JSONB;

-- AlterTable
ALTER TABLE "event" ADD COLUMN     "sponsorLogoKey" TEXT;

-- AlterTable
ALTER TABLE "content" ADD COLUMN     "watermarkPhotos" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "media_file" ADD COLUMN     "watermark" JSONB;
