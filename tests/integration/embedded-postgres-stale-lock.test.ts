import { spawn } from "node:child_process";
import { chmod, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres, type RunningPostgres } from "@/scripts/lib/embedded-postgres";
import { freePort } from "@/scripts/lib/free-port";
import { isAlive } from "@/scripts/lib/processes";

/**
 * A hard kill of the embedded PostgreSQL leaves its lock file (`postmaster.pid`) behind (issue
 * #41): the next `npm start` must start anyway, also when the pid in it now belongs to another
 * program (after a reboot, pids are handed out again), and must still refuse a PostgreSQL that
 * really runs on the folder.
 */
let root: string;
const started: RunningPostgres[] = [];

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "afterglow-pg-lock-"));
  await chmod(root, 0o755); // as root, PostgreSQL runs as "postgres", which must enter the folder
});
afterAll(async () => {
  // Only those still running: the library's stop waits for an exit it already missed.
  for (const pg of started) if (pg.pid && isAlive(pg.pid)) await pg.stop().catch(() => undefined);
  await rm(root, { recursive: true, force: true });
});

const options = (dataDir: string, port: number) =>
  ({ dataDir, port, persistent: true, password: "stale-lock-test" }) as const;

async function start(dataDir: string, port: number): Promise<RunningPostgres> {
  const pg = await startEmbeddedPostgres(options(dataDir, port));
  started.push(pg);
  return pg;
}

/** Polls (bounded) until `pid` is gone. */
async function exited(pid: number): Promise<void> {
  for (const since = Date.now(); isAlive(pid);) {
    if (Date.now() - since > 10_000) throw new Error(`pid ${pid} still running`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(process.platform !== "linux")("a stale postmaster.pid", () => {
  it("after a SIGKILL of PostgreSQL, and with its pid now another program's, the next start starts", async () => {
    const dataDir = path.join(root, "pg");
    const port = await freePort();
    const first = await start(dataDir, port);
    // A second start on a folder PostgreSQL really runs on is refused.
    await expect(startEmbeddedPostgres(options(dataDir, port))).rejects.toThrow(/already running/);

    process.kill(first.pid!, "SIGKILL");
    await exited(first.pid!);
    const lock = await readFile(path.join(dataDir, "postmaster.pid"), "utf8");
    expect(lock.split("\n")[0]).toBe(String(first.pid)); // left behind
    const second = await start(dataDir, port);
    expect(second.pid).not.toBe(first.pid);

    // The lock left by a second hard kill names a pid that another program holds now.
    process.kill(second.pid!, "SIGKILL");
    await exited(second.pid!);
    const other = spawn("sleep", ["30"], { stdio: "ignore" });
    try {
      const lines = (await readFile(path.join(dataDir, "postmaster.pid"), "utf8")).split("\n");
      lines[0] = String(other.pid);
      await writeFile(path.join(dataDir, "postmaster.pid"), lines.join("\n"));
      const third = await start(dataDir, port);
      expect(isAlive(third.pid!)).toBe(true);
    } finally {
      other.kill("SIGKILL");
    }
  });
});
