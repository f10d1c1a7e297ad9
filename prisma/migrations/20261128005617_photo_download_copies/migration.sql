-- AlterTable
ALTER TABLE "content" ADD COLUMN     "keepPhotoMetadata" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "media_file" ADD COLUMN     "downloadBytes" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "downloadKey" TEXT;
