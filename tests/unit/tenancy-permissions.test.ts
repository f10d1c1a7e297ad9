import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/core/errors";
import type { Role } from "@/lib/generated/prisma/enums";
import {
  assertCan,
  can,
  forbiddenMessageOf,
  permissions,
  type Permission,
} from "@/lib/platform/access/permissions";

/** Who holds each permission (spec §6): the one place a reviewer checks the rules. */
const expected: Record<Permission, Role[]> = {
  "admin.enter": ["admin", "manager"],
  "content.manage": ["admin", "manager"],
  "events.manage": ["admin", "manager"],
  "comments.moderate": ["admin", "manager"],
  "leads.view": ["admin", "manager"],
  "leads.export": ["admin", "manager"],
  "leads.delete": ["admin"],
  "analytics.view": ["admin", "manager"],
  "settings.view": ["admin", "manager"],
  "settings.edit": ["admin"],
  "team.manage": ["admin"],
  "status.view": ["admin"],
  "billing.view": ["admin", "manager"],
  "billing.manage": ["admin"],
};
const roles: Role[] = ["admin", "manager", "user"];

describe("the permission map", () => {
  it("names exactly the intended permissions", () => {
    expect(Object.keys(permissions).sort()).toEqual(Object.keys(expected).sort());
  });

  it.each(Object.entries(expected) as [Permission, Role[]][])("%s → %j", (permission, allowed) => {
    for (const role of roles) {
      expect(can(role, permission)).toBe(allowed.includes(role));
      expect(can({ role }, permission)).toBe(allowed.includes(role));
    }
  });

  it("never lets the user role or nobody act", () => {
    for (const permission of Object.keys(expected) as Permission[]) {
      expect(can("user", permission)).toBe(false);
      expect(can(null, permission)).toBe(false);
      expect(can(undefined, permission)).toBe(false);
    }
  });
});

describe("assertCan", () => {
  const refusal = (fn: () => void) => {
    try {
      fn();
    } catch (error) {
      return error;
    }
    throw new Error("expected a refusal");
  };

  it("passes a role that holds the permission", () => {
    expect(() => assertCan({ role: "admin" }, "leads.delete")).not.toThrow();
    expect(() => assertCan({ role: "manager" }, "content.manage")).not.toThrow();
  });

  it("refuses with the permission's message, as users saw it before the map", () => {
    const cases: [Permission, string][] = [
      ["settings.edit", "settings.onlyAdmins"],
      ["team.manage", "team.onlyAdmins"],
      ["leads.delete", "admin.leads.errors.onlyAdminsDelete"],
      ["content.manage", "content.errors.forbidden"],
      ["admin.enter", "admin.accessDenied.message"],
    ];
    for (const [permission, messageKey] of cases) {
      const error = refusal(() => assertCan({ role: "user" }, permission));
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: "forbidden", status: 403, messageKey });
      expect(forbiddenMessageOf(permission)).toBe(messageKey);
    }
    expect(refusal(() => assertCan({ role: "manager" }, "team.manage"))).toMatchObject({
      messageKey: "team.onlyAdmins",
    });
  });

  it("takes another forbidden message when the caller names one", () => {
    expect(refusal(() => assertCan({ role: "manager" }, "status.view", "status.onlyAdmins"))).toMatchObject({
      code: "forbidden",
      messageKey: "status.onlyAdmins",
    });
  });
});
