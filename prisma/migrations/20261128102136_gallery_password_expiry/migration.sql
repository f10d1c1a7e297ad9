-- AlterEnum
ALTER TYPE "Visibility" ADD VALUE 'password';

-- AlterTable
ALTER TABLE "content" ADD COLUMN     "accessPasswordHash" TEXT,
ADD COLUMN     "expiresAt" TIMESTAMP(3);
