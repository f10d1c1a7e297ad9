import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { pacedStream } from "@/lib/features/engagement/cleaned-file";
import { createSlotPool } from "@/lib/features/engagement/zip-slots";

/**
 * Issue #34 review, M3: a video streamed without its metadata held a store connection for as
 * long as its reader liked (only a 30 s idle cut). It is now paced like the ZIP: a reader below
 * the minimum rate on its own clock is cut, and its slot freed.
 */
const source = () =>
  Readable.from(
    Array.from({ length: 200 }, () => Buffer.alloc(1024, 1)),
    { objectMode: false },
  );
const pace = { idleTimeoutMs: 5_000, minBytesPerSecond: 50_000, graceMs: 50, windowMs: 200 };

describe("a video stream's pace", () => {
  it("cuts a reader that takes its bytes slower than the minimum, and frees its slot", async () => {
    let released = 0;
    const reader = pacedStream(source(), 0, [], pace, () => released++).getReader();
    let read = 0;
    const outcome = await (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return "finished";
          read += value.length;
          await new Promise((resolve) => setTimeout(resolve, 40)); // ~25 KB/s
        }
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(outcome).toMatch(/below 50000 bytes\/s/);
    expect(read).toBeLessThan(200 * 1024);
    expect(released).toBe(1);
  });

  it("lets a reader at a good pace finish, and frees its slot once", async () => {
    let released = 0;
    const body = new Response(pacedStream(source(), 0, [], pace, () => released++));
    expect((await body.arrayBuffer()).byteLength).toBe(200 * 1024);
    expect(released).toBe(1);
  });

  it("shares slots per process, company and address in a pool of its own", () => {
    const pool = createSlotPool();
    const limits = { perProcess: 3, perCompany: 2, perClient: 1 };
    const a = pool.reserve({ companyId: "c1", clientKey: "a" }, limits);
    expect(a.ok).toBe(true);
    expect(pool.reserve({ companyId: "c1", clientKey: "a" }, limits)).toEqual({
      ok: false,
      reason: "client",
    });
    expect(pool.reserve({ companyId: "c1", clientKey: "b" }, limits).ok).toBe(true);
    expect(pool.reserve({ companyId: "c1", clientKey: "c" }, limits)).toEqual({ ok: false, reason: "busy" });
    if (a.ok) a.release();
    expect(pool.inFlight()).toBe(1);
    expect(createSlotPool().inFlight()).toBe(0);
  });
});
