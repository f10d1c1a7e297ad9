import { describe, expect, it } from "vitest";
import { THEME_KEY } from "@/components/admin/theme-boot-script";
import { THEME_STORAGE_KEY } from "@/components/preferences/theme-provider";
import { maxConcurrentSessions } from "@/lib/platform/auth/policy";

describe("admin shell constants", () => {
  it("boots the profile's theme under next-themes' storage key", () => {
    expect(THEME_KEY).toBe(THEME_STORAGE_KEY);
  });

  it("allows 2 sessions to admins and managers, 3 to everyone else (spec §9)", () => {
    expect(maxConcurrentSessions("admin")).toBe(2);
    expect(maxConcurrentSessions("manager")).toBe(2);
    expect(maxConcurrentSessions("user")).toBe(3);
    expect(maxConcurrentSessions(null)).toBe(3);
  });
});
