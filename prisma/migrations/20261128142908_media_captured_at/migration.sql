-- AlterTable
ALTER TABLE "media_file" ADD COLUMN     "capturedAt" TIMESTAMP(3);
