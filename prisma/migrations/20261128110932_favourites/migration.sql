-- CreateTable
CREATE TABLE "favourite" (
    "mediaId" TEXT NOT NULL,
    "visitorId" TEXT NOT NULL,
    "contentId" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "favourite_pkey" PRIMARY KEY ("mediaId","visitorId")
);

-- CreateIndex
CREATE INDEX "favourite_contentId_visitorId_idx" ON "favourite"("contentId", "visitorId");

-- CreateIndex
CREATE INDEX "favourite_companyId_idx" ON "favourite"("companyId");

-- AddForeignKey
ALTER TABLE "favourite" ADD CONSTRAINT "favourite_mediaId_fkey" FOREIGN KEY ("mediaId") REFERENCES "media_file"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "favourite" ADD CONSTRAINT "favourite_contentId_fkey" FOREIGN KEY ("contentId") REFERENCES "content"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "favourite" ADD CONSTRAINT "favourite_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "company"("id") ON DELETE CASCADE ON UPDATE CASCADE;
