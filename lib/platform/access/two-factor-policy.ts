import type { Role, TwoFactorRequirement } from "@/lib/generated/prisma/enums";

/**
 * Who must use two-factor authentication (Settings → security): nobody, the company's admins,
 * or every member (admins, managers, users). Pure: the guard (`lib/platform/tenancy/guard.ts`)
 * applies it on every admin page, action and route; the pages explain it with its message.
 */
export const TWO_FACTOR_REQUIREMENTS = [
  "off",
  "admins",
  "everyone",
] as const satisfies readonly TwoFactorRequirement[];

export function mustUseTwoFactor(requirement: TwoFactorRequirement, role: Role): boolean {
  return requirement === "everyone" || (requirement === "admins" && role === "admin");
}

/** What a member who must turn it on is told (a key under `account.twoFactor`). */
export function twoFactorRequiredMessage(requirement: TwoFactorRequirement): string {
  return requirement === "everyone"
    ? "account.twoFactor.requiredForEveryone"
    : "account.twoFactor.requiredForAdmins";
}
