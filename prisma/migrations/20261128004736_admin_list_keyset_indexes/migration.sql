-- DropIndex
DROP INDEX "lead_companyId_createdAt_idx";

-- CreateIndex
CREATE INDEX "event_companyId_startsAt_id_idx" ON "event"("companyId", "startsAt" DESC, "id");

-- CreateIndex
CREATE INDEX "content_companyId_updatedAt_id_idx" ON "content"("companyId", "updatedAt" DESC, "id");

-- CreateIndex
CREATE INDEX "lead_companyId_createdAt_id_idx" ON "lead"("companyId", "createdAt", "id");
