/**
 * The settings page offers a role only the sections it may open (issue #18), and Integrations
 * (outgoing webhooks, issue #38: leads' personal data sent to third parties) only to admins, the
 * role lib/features/webhooks/endpoints.ts allows (`settings.edit`).
 */
import { describe, expect, it } from "vitest";
import { settingsSections, settingsSectionsFor } from "@/components/admin/settings-sections";
import { can } from "@/lib/platform/access/permissions";

const INTEGRATIONS = "/admin/settings/integrations";
const hrefs = (role: "admin" | "manager" | "user") => settingsSectionsFor(role).map((s) => s.href);

describe("settings sections", () => {
  it("Integrations is offered to admins, not to managers", () => {
    expect(hrefs("admin")).toContain(INTEGRATIONS);
    expect(hrefs("manager")).not.toContain(INTEGRATIONS);
    expect(hrefs("user")).toEqual([]);
  });

  it("Integrations needs the permission the webhook functions assert, which managers lack", () => {
    const section = settingsSections.find((s) => s.href === INTEGRATIONS);
    expect(section?.needs).toBe("settings.edit");
    expect(can("manager", "settings.edit")).toBe(false);
    expect(can("admin", "settings.edit")).toBe(true);
  });

  it("a manager is offered exactly the sections whose permission the role holds", () => {
    expect(settingsSectionsFor({ role: "manager" })).toEqual(
      settingsSections.filter((s) => can("manager", s.needs)),
    );
    expect(hrefs("manager")).toEqual([
      "/admin/settings/address",
      "/admin/settings/team",
      "/admin/settings/sessions",
    ]);
  });
});
