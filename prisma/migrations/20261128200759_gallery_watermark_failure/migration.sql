-- AlterTable
ALTER TABLE "content" ADD COLUMN     "watermarkFailedMarks" TEXT,
ADD COLUMN     "watermarkFailures" INTEGER NOT NULL DEFAULT 0;
