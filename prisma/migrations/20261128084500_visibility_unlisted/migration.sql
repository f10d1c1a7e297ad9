-- CreateEnum
CREATE TYPE "Visibility" AS ENUM ('public', 'unlisted');

-- AlterTable
ALTER TABLE "content" ADD COLUMN     "visibility" "Visibility" NOT NULL DEFAULT 'public';

-- AlterTable
ALTER TABLE "event" ADD COLUMN     "visibility" "Visibility" NOT NULL DEFAULT 'public';
