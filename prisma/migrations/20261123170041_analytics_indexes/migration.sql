-- DropIndex
DROP INDEX "engagement_event_companyId_type_createdAt_visitorId_idx";

-- CreateIndex
CREATE INDEX "engagement_event_companyId_type_createdAt_visitorId_content_idx" ON "engagement_event"("companyId", "type", "createdAt", "visitorId", "contentId");

-- CreateIndex
CREATE INDEX "engagement_event_createdAt_idx" ON "engagement_event" USING BRIN ("createdAt");
