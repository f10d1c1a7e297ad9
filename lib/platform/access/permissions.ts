import { AppError } from "@/lib/core/errors";
import type { Role } from "@/lib/generated/prisma/enums";

/**
 * The one permission map (spec §6): what each role may do in a company. Pages, actions,
 * route handlers and lib functions ask `can()` / `assertCan()` for a named permission and
 * never compare roles themselves, so a new role or a changed rule is one line here.
 */
const adminAndManager: readonly Role[] = ["admin", "manager"];
const adminOnly: readonly Role[] = ["admin"];

export const permissions = {
  /** Enter the admin area at all. */
  "admin.enter": adminAndManager,
  "content.manage": adminAndManager,
  "events.manage": adminAndManager,
  "comments.moderate": adminAndManager,
  "leads.view": adminAndManager,
  "leads.export": adminAndManager,
  /**
   * Deleting is irreversible and is how a person's erasure request is met, so it stays with
   * the role that answers for the company's data; managers may view and export.
   */
  "leads.delete": adminOnly,
  "analytics.view": adminAndManager,
  "settings.view": adminAndManager,
  "settings.edit": adminOnly,
  "team.manage": adminOnly,
  "status.view": adminOnly,
  /** Managers read the plan and invoices; admins act on billing. */
  "billing.view": adminAndManager,
  "billing.manage": adminOnly,
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof permissions;

/** i18n key of the forbidden message per permission (the texts users see today). */
const forbiddenMessages: Partial<Record<Permission, string>> = {
  "content.manage": "content.errors.forbidden",
  "events.manage": "content.errors.forbidden",
  "comments.moderate": "content.errors.forbidden",
  "leads.delete": "admin.leads.errors.onlyAdminsDelete",
  "settings.edit": "settings.onlyAdmins",
  "team.manage": "team.onlyAdmins",
};

export function forbiddenMessageOf(permission: Permission): string {
  return forbiddenMessages[permission] ?? "admin.accessDenied.message";
}

/** Whether a role (or a membership's role) holds a permission. */
export function can(who: Role | { role: Role } | null | undefined, permission: Permission): boolean {
  if (!who) return false;
  const role = typeof who === "string" ? who : who.role;
  return (permissions[permission] as readonly Role[]).includes(role);
}

/**
 * Throws the 403 of `permission` unless the membership holds it. Lib functions check again,
 * whatever their caller did: a route or action that forgot its guard still cannot act.
 */
export function assertCan(
  membership: { role: Role },
  permission: Permission,
  forbiddenMessageKey: string = forbiddenMessageOf(permission),
): void {
  if (!can(membership, permission)) throw new AppError("forbidden", forbiddenMessageKey);
}

// The plan gate sits beside this map: `planAllows` (`lib/platform/plans/gate.ts`) and
// `assertPlanAllows` (`lib/platform/plans/enforce.ts`, which loads the effective plan) answer
// "may this company's plan" the way `can` / `assertCan` answer "may this person".
