-- AlterTable
ALTER TABLE "favourite" ADD COLUMN     "heartOf" TEXT;
