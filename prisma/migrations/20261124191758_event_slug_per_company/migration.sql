-- DropIndex
DROP INDEX "event_slug_key";

-- CreateIndex
CREATE INDEX "event_slug_idx" ON "event"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "event_companyId_slug_key" ON "event"("companyId", "slug");
