-- AlterTable
ALTER TABLE "media_file" ADD COLUMN     "watermarkFailedMarks" TEXT,
ADD COLUMN     "watermarkFailures" INTEGER NOT NULL DEFAULT 0;
