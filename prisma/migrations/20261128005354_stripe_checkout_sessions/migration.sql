-- CreateTable
CREATE TABLE "stripe_checkout_session" (
    "id" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "stripeCustomerId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "stripe_checkout_session_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "stripe_checkout_session_companyId_idx" ON "stripe_checkout_session"("companyId");

-- AddForeignKey
ALTER TABLE "stripe_checkout_session" ADD CONSTRAINT "stripe_checkout_session_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "company"("id") ON DELETE CASCADE ON UPDATE CASCADE;
