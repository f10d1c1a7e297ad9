import type { PlanTier, Role } from "@/lib/generated/prisma/enums";

/**
 * Who is calling an admin page, action or route handler, and for which company.
 * Resolved by the tenancy guard (`lib/platform/tenancy/guard.ts`) from the session, never from
 * client input; every admin query is scoped by `company.id`.
 */
export interface Membership {
  userId: string;
  email: string;
  displayName: string;
  role: Role;
  company: { id: string; name: string; slug: string; plan: PlanTier; logoKey: string | null };
}
