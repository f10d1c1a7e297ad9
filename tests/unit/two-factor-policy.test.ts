import { describe, expect, it } from "vitest";
import {
  mustUseTwoFactor,
  twoFactorRequiredMessage,
  TWO_FACTOR_REQUIREMENTS,
} from "@/lib/platform/access/two-factor-policy";

describe("who must use two-factor authentication", () => {
  it("nobody, the admins, or every role", () => {
    const roles = ["admin", "manager", "user"] as const;
    const table = Object.fromEntries(
      TWO_FACTOR_REQUIREMENTS.map((r) => [r, roles.filter((role) => mustUseTwoFactor(r, role))]),
    );
    expect(table).toEqual({ off: [], admins: ["admin"], everyone: ["admin", "manager", "user"] });
  });

  it("says why in the member's terms", () => {
    expect(twoFactorRequiredMessage("admins")).toBe("account.twoFactor.requiredForAdmins");
    expect(twoFactorRequiredMessage("everyone")).toBe("account.twoFactor.requiredForEveryone");
  });
});
