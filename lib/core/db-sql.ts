import { Prisma } from "@/lib/generated/prisma/client";

/**
 * The database clock in UTC, as the `timestamp(3)` columns hold it whatever the session's
 * time zone: several app instances must agree on windows (views, rate limits).
 */
export const nowUtc = Prisma.sql`(now() AT TIME ZONE 'UTC')`;
