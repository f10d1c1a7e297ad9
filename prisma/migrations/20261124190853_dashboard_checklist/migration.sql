-- AlterTable
ALTER TABLE "company" ADD COLUMN     "checklistDismissedAt" TIMESTAMP(3),
ADD COLUMN     "linkSharedAt" TIMESTAMP(3);
