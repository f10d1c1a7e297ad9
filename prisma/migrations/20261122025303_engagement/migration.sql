-- AlterTable
ALTER TABLE "comment" ADD COLUMN     "requestId" TEXT;

-- AlterTable
ALTER TABLE "lead" ADD COLUMN     "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- CreateTable
CREATE TABLE "engagement_daily" (
    "companyId" TEXT NOT NULL,
    "contentId" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "type" "EngagementType" NOT NULL,
    "events" INTEGER NOT NULL,
    "total" BIGINT NOT NULL,

    CONSTRAINT "engagement_daily_pkey" PRIMARY KEY ("contentId","day","type")
);

-- CreateTable
CREATE TABLE "analytics_rollup" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "throughDay" DATE,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "analytics_rollup_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "request_limit" (
    "key" TEXT NOT NULL,
    "windowStart" TIMESTAMP(3) NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "request_limit_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "engagement_daily_companyId_day_idx" ON "engagement_daily"("companyId", "day");

-- CreateIndex
CREATE INDEX "request_limit_windowStart_idx" ON "request_limit"("windowStart");

-- CreateIndex
CREATE INDEX "engagement_event_companyId_type_createdAt_visitorId_idx" ON "engagement_event"("companyId", "type", "createdAt", "visitorId");

-- CreateIndex
CREATE UNIQUE INDEX "comment_contentId_requestId_key" ON "comment"("contentId", "requestId");

-- CreateIndex
CREATE INDEX "lead_companyId_visitorId_idx" ON "lead"("companyId", "visitorId");

-- CreateIndex
CREATE UNIQUE INDEX "lead_companyId_contentId_email_key" ON "lead"("companyId", "contentId", "email");

-- AddForeignKey
ALTER TABLE "engagement_daily" ADD CONSTRAINT "engagement_daily_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "engagement_daily" ADD CONSTRAINT "engagement_daily_contentId_fkey" FOREIGN KEY ("contentId") REFERENCES "content"("id") ON DELETE CASCADE ON UPDATE CASCADE;
