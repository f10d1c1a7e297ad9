-- AlterTable
ALTER TABLE "event" ADD COLUMN     "globalSlug" BOOLEAN NOT NULL DEFAULT false;

-- Every event that exists now got its slug while slugs were unique across companies: the links
-- made without the company (`/event/{slug}`, printed QR codes) are theirs alone.
UPDATE "event" SET "globalSlug" = true;
