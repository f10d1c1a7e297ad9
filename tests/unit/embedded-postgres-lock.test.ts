import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { lockIsLive, processStartMs } from "@/scripts/lib/embedded-postgres";

/**
 * A postmaster.pid left by a server killed outright (attacker review): its pid alive and even a
 * PostgreSQL program proves nothing when that process started after the lock was written — the
 * number was reused (another cluster's postmaster). Such a lock is stale and is removed.
 */
const lockWrittenAtMs = Date.parse("2026-11-29T03:00:00Z");

describe("lockIsLive", () => {
  it("a PostgreSQL started before (or as) the lock was written holds it", () => {
    expect(lockIsLive({ postgres: true, startedAtMs: lockWrittenAtMs - 250, lockWrittenAtMs })).toBe(true);
    expect(lockIsLive({ postgres: true, startedAtMs: lockWrittenAtMs, lockWrittenAtMs })).toBe(true);
  });
  it("a PostgreSQL started after the lock was written got the pid by reuse: stale", () => {
    expect(lockIsLive({ postgres: true, startedAtMs: lockWrittenAtMs + 1, lockWrittenAtMs })).toBe(false);
    expect(lockIsLive({ postgres: true, startedAtMs: lockWrittenAtMs + 3_600_000, lockWrittenAtMs })).toBe(
      false,
    );
  });
  it("another program is never the holder; an unknown start time leaves the program check to decide", () => {
    expect(lockIsLive({ postgres: false, startedAtMs: lockWrittenAtMs - 1, lockWrittenAtMs })).toBe(false);
    expect(lockIsLive({ postgres: true, lockWrittenAtMs })).toBe(true);
  });
});

describe("processStartMs", () => {
  // Field 22 (starttime) is 12345 ticks; the name holds a space and a parenthesis.
  const fields = Array.from({ length: 50 }, (_, i) => String(i + 1));
  fields[21] = "12345";
  const pidStat = `4242 (post gres) x) ${fields.slice(2).join(" ")}\n`;
  const procStat = "cpu  1 2 3\nintr 5\nbtime 1764370800\nprocesses 99\n";

  it("is boot time plus the start ticks, counting fields after the name's last parenthesis", () => {
    expect(processStartMs(pidStat, procStat, 100)).toBe(1764370800_000 + 123_450);
    expect(processStartMs(pidStat, procStat, 1000)).toBe(1764370800_000 + 12_345);
  });
  it("is undefined for texts Linux does not write", () => {
    expect(processStartMs("", procStat, 100)).toBeUndefined();
    expect(processStartMs(pidStat, "cpu 1\n", 100)).toBeUndefined();
    expect(processStartMs(pidStat, procStat, 0)).toBeUndefined();
  });
  it.skipIf(process.platform !== "linux")("places this process's start before now", async () => {
    const started = processStartMs(
      await readFile("/proc/self/stat", "utf8"),
      await readFile("/proc/stat", "utf8"),
      100,
    );
    expect(started).toBeLessThanOrEqual(Date.now());
    expect(started).toBeGreaterThan(Date.now() - 24 * 3_600_000 * 365);
  });
});
