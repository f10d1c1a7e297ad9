import { describe, expect, it } from "vitest";
import { AUDIT_OPERATIONS, describeAudit } from "@/lib/core/audit/describe";
import en from "@/messages/en.json";

const events = en.status.events as Record<string, string>;

describe("describeAudit", () => {
  it("reads the operation of a row, with the details worth reading", () => {
    expect(
      describeAudit({
        action: "admin_privileged_action",
        tableName: "domain",
        details: { operation: "custom_domain_added", hostname: "fotos.example.com" },
      }),
    ).toMatchObject({ key: "custom_domain_added", values: { hostname: "fotos.example.com" } });
    expect(
      describeAudit({
        action: "lead_data_access",
        tableName: "lead",
        details: { operation: "export_csv", count: 3 },
      }),
    ).toMatchObject({ key: "lead_export_csv", values: { count: 3 } });
    expect(
      describeAudit({
        action: "admin_privileged_action",
        tableName: "profile",
        details: { operation: "member_role_changed", from: "manager", to: "user" },
      }),
    ).toMatchObject({ key: "member_role_changed", values: { from: "manager", to: "user" } });
    expect(
      describeAudit({
        action: "session_ended",
        tableName: "session",
        details: { cleanupReason: "inactivity" },
      }),
    ).toEqual({ key: "session_ended", values: { reason: "inactivity" } });
    // A select key must be an ICU identifier: "sign-out" made the whole sentence fail to format.
    expect(
      describeAudit({
        action: "session_ended",
        tableName: "session",
        details: { cleanupReason: "sign-out" },
      }),
    ).toEqual({ key: "session_ended", values: { reason: "sign_out" } });
  });

  it("falls back to the action for an unknown or hostile operation", () => {
    expect(
      describeAudit({
        action: "admin_privileged_action",
        tableName: "x",
        details: { operation: "__proto__" },
      }).key,
    ).toBe("admin_privileged_action");
    expect(describeAudit({ action: "session_started", tableName: "session", details: null }).key).toBe(
      "session_started",
    );
  });

  it("has an English sentence for every key it can produce", () => {
    const keys = [
      ...AUDIT_OPERATIONS,
      "lead_list",
      "lead_delete",
      "lead_export_csv",
      "lead_export_person",
      "download_tracking",
      "download_with_lead",
      "session_ended",
      ...Object.keys(en.status.actions),
    ];
    for (const key of keys) expect(events[key], key).toBeTypeOf("string");
  });
});
