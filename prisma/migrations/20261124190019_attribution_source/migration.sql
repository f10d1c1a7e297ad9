-- AlterTable
ALTER TABLE "engagement_event" ADD COLUMN     "source" TEXT;

-- AlterTable
ALTER TABLE "lead" ADD COLUMN     "source" TEXT;
