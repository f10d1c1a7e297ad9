import v8 from "node:v8";
import vm from "node:vm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startAuthHarness, type AuthHarness } from "./support/auth-harness";
import { createContentRow, createTenant, gatedSingle, type Tenant } from "./support/tenants";

// 100 000 leads through the CSV stream: every row exactly once (keyset pagination with ties
// on createdAt), in many chunks of one batch each, without the heap holding them all.

const TOTAL = 100_000;
const MB = 1024 * 1024;

/** Heap still in use after a full collection: what the export keeps, not garbage not yet collected. */
function retainedHeap(): number {
  v8.setFlagsFromString("--expose-gc");
  const gc = vm.runInNewContext("gc") as () => void;
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}
let h: AuthHarness;
let exportCsv: typeof import("@/lib/features/leads/export-csv");
let a: Tenant;

beforeAll(async () => {
  h = await startAuthHarness();
  exportCsv = await import("@/lib/features/leads/export-csv");
  a = await createTenant(h.prisma, { users: h });
  const b = await createTenant(h.prisma, { users: h });
  const content = await createContentRow(h.prisma, a.id, { title: "Bulk PDF", ...gatedSingle });
  // Three leads share each timestamp, so batch boundaries fall inside ties.
  await h.prisma.$executeRaw`
    insert into lead (id, "companyId", "contentId", name, email, phone, consent, "consentAt", locale, "createdAt", "updatedAt")
    select 'bulk-' || lpad(g::text, 6, '0'), ${a.id}, ${content.id}, 'Fan ' || g, 'fan' || g || '@example.com',
           '+351 900 ' || g, true, now(), 'pt',
           timestamp '2026-01-01' + (g / 3) * interval '1 second', now()
    from generate_series(1, ${TOTAL}) as g`;
  await h.prisma.lead.create({ data: { companyId: b.id, name: "Not yours", email: "other@example.com" } });
}, 180_000);
afterAll(async () => {
  await h?.close();
});

describe("the leads CSV stream", () => {
  it(`exports ${TOTAL} leads in batches, each exactly once`, async () => {
    const heapBefore = retainedHeap();
    let heapMidway = 0;
    const { stream, count } = await exportCsv.exportLeadsCsv(a.as("admin"), {});
    expect(count).toBe(TOTAL);

    const reader = stream.getReader();
    const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
    const ids = new Set<string>();
    let chunks = 0;
    let biggestChunk = 0;
    let lines = 0;
    let header = "";
    let rest = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      chunks += 1;
      biggestChunk = Math.max(biggestChunk, value.byteLength);
      // Fields here hold no line breaks, so every CRLF ends a record.
      const text = rest + decoder.decode(value, { stream: true });
      const records = text.split("\r\n");
      rest = records.pop() ?? "";
      for (const record of records) {
        lines += 1;
        if (lines === 1) header = record;
        else ids.add(record.slice(0, record.indexOf(",")));
      }
      if (chunks === 50) heapMidway = retainedHeap();
    }

    expect(header).toBe(
      "\uFEFFid,name,email,phone,company,consent,consent_date,marketing_consent,marketing_consent_date,content,event,source,locale,created_at,updated_at",
    );
    expect(rest).toBe("");
    expect(lines).toBe(TOTAL + 1);
    expect(ids.size).toBe(TOTAL);
    expect(ids.has("bulk-000001") && ids.has("bulk-100000")).toBe(true);
    // Header chunk + one chunk per batch of 1000: the rows were never one big string.
    expect(chunks).toBe(1 + TOTAL / exportCsv.CSV_BATCH_SIZE);
    expect(biggestChunk).toBeLessThan(512 * 1024);
    // Halfway through, the stream holds one batch at most (the test's own set of 50 000 ids is
    // a few MB); rows loaded all at once would hold well over 100 MB here.
    expect(heapMidway - heapBefore).toBeLessThan(40 * MB);
  }, 180_000);

  it("queries batch by batch as the reader asks, and stops when it cancels", async () => {
    const { db } = await import("@/lib/core/db");
    const batches = vi.spyOn(db.lead, "findMany");
    try {
      const { stream } = await exportCsv.exportLeadsCsv(a.as("admin"), {}, { batchSize: 10 });
      const reader = stream.getReader();
      const first = await reader.read();
      const second = await reader.read();
      await reader.cancel();
      const decode = (v?: Uint8Array) => new TextDecoder("utf-8", { ignoreBOM: true }).decode(v);
      expect(decode(first.value)).toMatch(/^\uFEFFid,/);
      expect(decode(second.value).split("\r\n")).toHaveLength(11);
      // One batch read, at most one read ahead by the stream's queue — not the 10 000 batches
      // of 10 that an export reading eagerly (or past a cancel) would run.
      const afterCancel = batches.mock.calls.length;
      expect(afterCancel).toBeGreaterThanOrEqual(1);
      expect(afterCancel).toBeLessThanOrEqual(2);
      // Let every query already sent finish, and a turn of the event loop pass: an export that
      // chained another query to a finished one (instead of waiting for a pull) has sent it now.
      await Promise.allSettled(batches.mock.results.map((r) => r.value as Promise<unknown>));
      await new Promise((resolve) => setImmediate(resolve));
      expect(batches.mock.calls.length).toBe(afterCancel);
    } finally {
      batches.mockRestore();
    }
  });
});
