-- CreateTable
CREATE TABLE "cache_tag" (
    "tag" TEXT NOT NULL,
    "stale" BIGINT,
    "expired" BIGINT,

    CONSTRAINT "cache_tag_pkey" PRIMARY KEY ("tag")
);
