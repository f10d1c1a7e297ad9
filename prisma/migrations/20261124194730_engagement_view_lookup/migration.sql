-- CreateIndex
CREATE INDEX "engagement_event_contentId_visitorId_type_createdAt_idx" ON "engagement_event"("contentId", "visitorId", "type", "createdAt");
