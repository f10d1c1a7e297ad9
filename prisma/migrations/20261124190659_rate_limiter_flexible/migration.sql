-- DropTable
DROP TABLE "request_limit";

-- CreateTable
CREATE TABLE "rate_limiter" (
    "key" VARCHAR(255) NOT NULL,
    "points" INTEGER NOT NULL DEFAULT 0,
    "expire" BIGINT,

    CONSTRAINT "rate_limiter_pkey" PRIMARY KEY ("key")
);
