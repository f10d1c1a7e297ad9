-- DropIndex
DROP INDEX "engagement_event_companyId_type_createdAt_visitorId_content_idx";

-- CreateTable
CREATE TABLE "engagement_rollup" (
    "companyId" TEXT NOT NULL,
    "dim" TEXT NOT NULL,
    "span" TEXT NOT NULL,
    "start" DATE NOT NULL,
    "key" TEXT NOT NULL,
    "views" INTEGER NOT NULL,
    "likes" INTEGER NOT NULL,
    "shares" INTEGER NOT NULL,
    "comments" INTEGER NOT NULL,
    "downloads" INTEGER NOT NULL,
    "watchSeconds" BIGINT NOT NULL,
    "visitors" BYTEA NOT NULL,

    CONSTRAINT "engagement_rollup_pkey" PRIMARY KEY ("companyId","dim","span","start","key")
);

-- CreateIndex
CREATE INDEX "engagement_event_companyId_type_createdAt_visitorId_content_idx" ON "engagement_event"("companyId", "type", "createdAt", "visitorId", "contentId", "source");

-- AddForeignKey
ALTER TABLE "engagement_rollup" ADD CONSTRAINT "engagement_rollup_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The new roll-up rows are built by the roll-up job: moving the watermark back makes its next
-- run rebuild every closed day (until then the reads use the raw rows, exact as before).
UPDATE "analytics_rollup" SET "throughDay" = NULL;
