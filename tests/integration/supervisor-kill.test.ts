import { spawn, type ChildProcess } from "node:child_process";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres } from "@/scripts/lib/embedded-postgres";
import { freePort } from "@/scripts/lib/free-port";
import { isAlive, isPortFree } from "@/scripts/lib/processes";

/**
 * `kill -9` of `npm start` (issue #41): its children must not outlive it. A full `npm start`
 * needs a production build (minutes), so support/supervisor/supervisor.ts stands in for it:
 * the same embedded PostgreSQL wrapper, and the real cluster primary (server/cluster.cjs) with two
 * web processes in a process group of their own, started with the same environment helper as
 * scripts/start.ts. The supervisor is killed with SIGKILL (no handler of it runs); everything
 * it started must be gone within a bounded time and PostgreSQL must start again on its data.
 */
let root: string;
let supervisor: ChildProcess | undefined;
let leftovers: number[] = [];

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "afterglow-supervisor-"));
  await chmod(root, 0o755); // as root, PostgreSQL runs as "postgres", which must enter the folder
});
afterAll(async () => {
  // Only on failure: whatever outlived the supervisor.
  for (const pid of leftovers) {
    try {
      process.kill(-pid, "SIGKILL");
    } catch {
      if (isAlive(pid)) process.kill(pid, "SIGKILL");
    }
  }
  supervisor?.kill("SIGKILL");
  await rm(root, { recursive: true, force: true });
});

/** Starts the stand-in supervisor; resolves with its children's pids once both serve. */
function startSupervisor(args: string[]): Promise<{ serverPid: number; postgresPid: number }> {
  const script = path.resolve("tests/integration/support/supervisor/supervisor.ts");
  const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  supervisor = child;
  return new Promise((resolve, reject) => {
    let output = "";
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split("\n").find((l) => l.startsWith("{"));
      if (line) resolve(JSON.parse(line) as { serverPid: number; postgresPid: number });
    });
    child.once("exit", (code) => reject(new Error(`the supervisor exited (${code}): ${output}`)));
  });
}

/** Whether any process of the group `pgid` is left. */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

describe.skipIf(process.platform !== "linux")("kill -9 of the supervisor", () => {
  it("takes the web processes and PostgreSQL down within seconds: ports free, next start works", async () => {
    const [pgPort, webPort] = [await freePort(), await freePort()];
    const dataDir = path.join(root, "postgres");
    const { serverPid, postgresPid } = await startSupervisor([dataDir, String(pgPort), String(webPort)]);
    leftovers = [serverPid, postgresPid];
    expect(await isPortFree(webPort, "127.0.0.1")).toBe(false);
    expect(await isPortFree(pgPort, "127.0.0.1")).toBe(false);
    expect(isAlive(postgresPid)).toBe(true);

    const killedAt = Date.now();
    supervisor!.kill("SIGKILL");
    // Polled, within a bound: the watchers check once a second, then shut down gracefully.
    const gone = async () =>
      !groupAlive(serverPid) &&
      !isAlive(postgresPid) &&
      (await isPortFree(webPort, "127.0.0.1")) &&
      (await isPortFree(pgPort, "127.0.0.1"));
    while (!(await gone()) && Date.now() - killedAt < 15_000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect({
      webProcesses: groupAlive(serverPid),
      postgres: isAlive(postgresPid),
      webPortFree: await isPortFree(webPort, "127.0.0.1"),
      pgPortFree: await isPortFree(pgPort, "127.0.0.1"),
    }).toEqual({ webProcesses: false, postgres: false, webPortFree: true, pgPortFree: true });
    expect(Date.now() - killedAt).toBeLessThan(10_000);
    leftovers = [];

    // PostgreSQL was shut down cleanly (no stale lock to refuse the next start): it starts again.
    const again = await startEmbeddedPostgres({
      dataDir,
      port: pgPort,
      persistent: true,
      password: "supervisor-test",
    });
    await again.stop();
  });
});
