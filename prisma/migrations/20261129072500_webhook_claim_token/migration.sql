-- AlterTable
ALTER TABLE "webhook_delivery" ADD COLUMN     "claimToken" TEXT;
