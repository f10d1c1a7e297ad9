-- CreateEnum
CREATE TYPE "TwoFactorRequirement" AS ENUM ('off', 'admins', 'everyone');

-- AlterTable: the boolean "admins must use two-factor" becomes who must (off, admins, everyone);
-- companies that required it of their admins keep requiring it.
ALTER TABLE "company" ADD COLUMN     "twoFactorRequired" "TwoFactorRequirement" NOT NULL DEFAULT 'off';
UPDATE "company" SET "twoFactorRequired" = 'admins' WHERE "requireAdminTwoFactor";
ALTER TABLE "company" DROP COLUMN "requireAdminTwoFactor";
