-- AlterEnum
ALTER TYPE "EngagementType" ADD VALUE 'scan';
