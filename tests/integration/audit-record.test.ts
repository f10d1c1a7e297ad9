import { describe, expect, it } from "vitest";
import { recordMemberAudit } from "@/lib/core/audit/record";
import { db } from "@/lib/core/db";
import { createTenant } from "./support/tenants";

// The one helper for "record what this member did" (lib/core/audit/record.ts): the member and
// the company come from the membership; the row acted on is the company unless told.

const rowsOf = (companyId: string) =>
  db.sessionAudit.findMany({
    where: { companyId },
    select: { action: true, tableName: true, recordId: true, userId: true, companyId: true, details: true },
  });

describe("recordMemberAudit", () => {
  it("records an admin's change of the company's settings unless told otherwise", async () => {
    const tenant = await createTenant(db);
    const admin = tenant.as("admin");
    await recordMemberAudit(admin, { details: { operation: "logo_removed" } });
    expect(await rowsOf(tenant.id)).toEqual([
      {
        action: "admin_privileged_action",
        tableName: "company",
        recordId: tenant.id,
        userId: admin.userId,
        companyId: tenant.id,
        details: { operation: "logo_removed" },
      },
    ]);
  });

  it("names the action and the row when told, and no row id when there is none", async () => {
    const tenant = await createTenant(db);
    const manager = tenant.as("manager");
    await recordMemberAudit(manager, {
      action: "lead_data_access",
      record: { table: "lead", id: "lead-1" },
      details: { operation: "export_person", count: 2 },
    });
    await recordMemberAudit(manager, {
      action: "lead_data_access",
      record: { table: "lead" },
      details: { operation: "export_csv", count: 0 },
    });
    const rows = await rowsOf(tenant.id);
    expect(rows).toHaveLength(2);
    const member = {
      action: "lead_data_access",
      tableName: "lead",
      userId: manager.userId,
      companyId: tenant.id,
    };
    expect(rows).toEqual(
      expect.arrayContaining([
        { ...member, recordId: "lead-1", details: { operation: "export_person", count: 2 } },
        { ...member, recordId: null, details: { operation: "export_csv", count: 0 } },
      ]),
    );
  });
});
