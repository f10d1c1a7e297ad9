import net from "node:net";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db";
import { listCompanyAudit } from "@/lib/core/audit/queries";
import { parseAuditFilters } from "@/lib/core/audit/schemas";
import { systemHealth } from "@/lib/features/health/system-health";
import { createTenant } from "./support/tenants";

describe("system health report", () => {
  it("says not configured for absent Stripe, SMTP and DNS provider, never throws", async () => {
    const report = await systemHealth({ smtpUrl: null, stripe: null, cloudflare: null });
    expect(report.mail.state).toBe("not_configured");
    expect(report.stripe.state).toBe("not_configured");
    expect(report.dns.state).toBe("not_configured");
    expect(report.database.state).toBe("ok");
    expect(report.queue.state).toBe("ok");
  });

  it("reports an SMTP server that never greets as an error within the timeout", async () => {
    const server = net.createServer(() => undefined); // accepts, says nothing
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as net.AddressInfo).port;
    const started = Date.now();
    const report = await systemHealth({ smtpUrl: `smtp://127.0.0.1:${port}`, timeoutMs: 500 });
    expect(report.mail.state).toBe("error");
    expect(Date.now() - started).toBeLessThan(3000);
    server.close();
  });
});

describe("audit log pages", () => {
  it("pages one company's rows without repeats or gaps, filtered by action", async () => {
    const a = await createTenant(db);
    const b = await createTenant(db);
    const base = Date.UTC(2026, 10, 1, 12);
    await db.sessionAudit.createMany({
      data: Array.from({ length: 30 }, (_, i) => ({
        action: i % 2 ? ("session_started" as const) : ("lead_data_access" as const),
        tableName: "t",
        companyId: a.id,
        createdAt: new Date(base + Math.floor(i / 3) * 60_000),
      })),
    });
    await db.sessionAudit.create({ data: { action: "session_started", tableName: "t", companyId: b.id } });
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await listCompanyAudit(a.id, { cursor }, 7);
      seen.push(...page.rows.map((r) => r.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    const all = await db.sessionAudit.findMany({ where: { companyId: a.id } });
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.sort()).toEqual(all.map((r) => r.id).sort());
    const filtered = await listCompanyAudit(a.id, { action: "session_started" }, 100);
    expect(filtered.rows).toHaveLength(15);
    expect(filtered.rows.every((r) => r.action === "session_started")).toBe(true);
    const none = await listCompanyAudit(a.id, { from: "2026-11-02" }, 100);
    expect(none.rows).toHaveLength(0);
  });

  it("rejects bad filters with the fields named", () => {
    const parsed = parseAuditFilters({ action: "nope", from: "2026-13-40" });
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.invalid.sort()).toEqual(["action", "from"]);
  });
});
