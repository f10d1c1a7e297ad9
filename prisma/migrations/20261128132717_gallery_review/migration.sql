-- CreateEnum
CREATE TYPE "GalleryReviewStatus" AS ENUM ('open', 'published', 'cancelled');

-- CreateEnum
CREATE TYPE "ReviewDecision" AS ENUM ('approved', 'rejected');

-- AlterEnum
ALTER TYPE "AuditAction" ADD VALUE 'gallery_review';

-- AlterTable
ALTER TABLE "media_file" ADD COLUMN     "hidden" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "gallery_review" (
    "id" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "contentId" TEXT NOT NULL,
    "status" "GalleryReviewStatus" NOT NULL DEFAULT 'open',
    "message" TEXT,
    "deadline" TIMESTAMP(3),
    "minApprovals" INTEGER,
    "maxApprovals" INTEGER,
    "createdById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "publishedAt" TIMESTAMP(3),

    CONSTRAINT "gallery_review_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "gallery_reviewer" (
    "id" TEXT NOT NULL,
    "reviewId" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT,
    "locale" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "invitedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastSeenAt" TIMESTAMP(3),
    "doneAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "gallery_reviewer_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "gallery_review_decision" (
    "reviewerId" TEXT NOT NULL,
    "mediaId" TEXT NOT NULL,
    "decision" "ReviewDecision",
    "note" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "gallery_review_decision_pkey" PRIMARY KEY ("reviewerId","mediaId")
);

-- CreateIndex
CREATE INDEX "gallery_review_contentId_status_idx" ON "gallery_review"("contentId", "status");

-- CreateIndex
CREATE INDEX "gallery_review_companyId_idx" ON "gallery_review"("companyId");

-- CreateIndex
CREATE UNIQUE INDEX "gallery_reviewer_tokenHash_key" ON "gallery_reviewer"("tokenHash");

-- CreateIndex
CREATE INDEX "gallery_reviewer_companyId_idx" ON "gallery_reviewer"("companyId");

-- CreateIndex
CREATE UNIQUE INDEX "gallery_reviewer_reviewId_email_key" ON "gallery_reviewer"("reviewId", "email");

-- CreateIndex
CREATE INDEX "gallery_review_decision_mediaId_idx" ON "gallery_review_decision"("mediaId");

-- AddForeignKey
ALTER TABLE "gallery_review" ADD CONSTRAINT "gallery_review_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "gallery_review" ADD CONSTRAINT "gallery_review_contentId_fkey" FOREIGN KEY ("contentId") REFERENCES "content"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "gallery_reviewer" ADD CONSTRAINT "gallery_reviewer_reviewId_fkey" FOREIGN KEY ("reviewId") REFERENCES "gallery_review"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "gallery_review_decision" ADD CONSTRAINT "gallery_review_decision_reviewerId_fkey" FOREIGN KEY ("reviewerId") REFERENCES "gallery_reviewer"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "gallery_review_decision" ADD CONSTRAINT "gallery_review_decision_mediaId_fkey" FOREIGN KEY ("mediaId") REFERENCES "media_file"("id") ON DELETE CASCADE ON UPDATE CASCADE;
