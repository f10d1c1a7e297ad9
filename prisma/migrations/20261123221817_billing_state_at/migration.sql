-- AlterTable
ALTER TABLE "subscription" ADD COLUMN     "stripeStateAt" TIMESTAMP(3);
