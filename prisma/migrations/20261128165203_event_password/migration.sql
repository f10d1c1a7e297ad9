-- AlterTable
ALTER TABLE "event" ADD COLUMN     "accessPasswordHash" TEXT;
