-- CreateTable
CREATE TABLE "content_like_count" (
    "contentId" TEXT NOT NULL,
    "shard" SMALLINT NOT NULL,
    "likes" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "content_like_count_pkey" PRIMARY KEY ("contentId","shard")
);

-- AddForeignKey
ALTER TABLE "content_like_count" ADD CONSTRAINT "content_like_count_contentId_fkey" FOREIGN KEY ("contentId") REFERENCES "content"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The likes given so far, in shard 0 (later groups spread over the shards).
INSERT INTO "content_like_count" ("contentId", "shard", "likes")
SELECT "contentId", 0, count(*)::int FROM "content_like" GROUP BY "contentId";
