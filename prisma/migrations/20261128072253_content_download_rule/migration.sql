-- CreateEnum
CREATE TYPE "DownloadRule" AS ENUM ('original', 'web', 'none');

-- AlterTable
ALTER TABLE "content" ADD COLUMN     "downloadRule" "DownloadRule" NOT NULL DEFAULT 'original',
ADD COLUMN     "webDownloadEdge" INTEGER NOT NULL DEFAULT 2048;

-- AlterTable
ALTER TABLE "media_file" ADD COLUMN     "webBytes" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "webEdge" INTEGER,
ADD COLUMN     "webKey" TEXT;
