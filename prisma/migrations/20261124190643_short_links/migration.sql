-- CreateTable
CREATE TABLE "short_link" (
    "id" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "eventId" TEXT,
    "contentId" TEXT,
    "itemKey" TEXT,
    "label" TEXT,
    "labelKey" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "short_link_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "short_link_code_key" ON "short_link"("code");

-- CreateIndex
CREATE UNIQUE INDEX "short_link_itemKey_key" ON "short_link"("itemKey");

-- CreateIndex
CREATE INDEX "short_link_companyId_createdAt_idx" ON "short_link"("companyId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "short_link_eventId_labelKey_key" ON "short_link"("eventId", "labelKey");

-- CreateIndex
CREATE UNIQUE INDEX "short_link_contentId_labelKey_key" ON "short_link"("contentId", "labelKey");

-- AddForeignKey
ALTER TABLE "short_link" ADD CONSTRAINT "short_link_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "short_link" ADD CONSTRAINT "short_link_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "event"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "short_link" ADD CONSTRAINT "short_link_contentId_fkey" FOREIGN KEY ("contentId") REFERENCES "content"("id") ON DELETE CASCADE ON UPDATE CASCADE;
