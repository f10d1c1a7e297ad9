import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { supervisionLost } from "@/server/supervisor-watch.mjs";

/**
 * server/supervisor-watch.mjs (issue #41), attacker review: the parent was judged gone by probing
 * its recorded pid, which a zombie (a dead parent not reaped yet) or an unrelated process that got
 * the number still answers. It now compares the live `process.ppid` with the recorded parent.
 */
describe("supervisionLost", () => {
  it("is lost when the process was reparented, even while something answers at the old pid", () => {
    expect(supervisionLost({ recordedParent: 500, currentParent: 1, supervisorAlive: true })).toBe(true);
  });
  it("is lost when the supervisor is gone", () => {
    expect(supervisionLost({ recordedParent: 500, currentParent: 500, supervisorAlive: false })).toBe(true);
  });
  it("holds while the parent is the same and the supervisor lives", () => {
    expect(supervisionLost({ recordedParent: 500, currentParent: 500, supervisorAlive: true })).toBe(false);
  });
});

const watch = pathToFileURL(path.resolve("server/supervisor-watch.mjs")).href;
const pending: number[] = [];
let dir: string | undefined;

afterAll(async () => {
  for (const pid of pending) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone: the test passed
    }
  }
  if (dir) await rm(dir, { recursive: true, force: true });
});

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
/** The process state letter of /proc/<pid>/stat ("Z": exited, not reaped), "" once gone. */
const state = async (pid: number) =>
  (await readFile(`/proc/${pid}/stat`, "utf8").catch(() => "")).split(") ")[1]?.[0] ?? "";

describe.skipIf(process.platform !== "linux")("a watched process whose parent died unreaped", () => {
  it("stops within seconds although its old parent's pid still answers (a zombie)", async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "afterglow-watch-"));
    const pidFile = path.join(dir, "pid");
    // The outer sh forks the parent, then becomes `sleep`, which never reaps it: the parent,
    // after starting the watched node and exiting, stays a zombie for the sleep's 20 s while
    // the node is reparented. The supervisor is this test process, alive throughout.
    const node = `${JSON.stringify(process.execPath)} --import=${JSON.stringify(watch)} -e ${JSON.stringify(
      `require("fs").writeFileSync(${JSON.stringify(pidFile)}, process.ppid + " " + process.pid); setInterval(() => {}, 1000)`,
    )}`;
    // The parent exits once the node has recorded it (node starts slowly on a busy machine).
    const inner = `${node} & while [ ! -s ${JSON.stringify(pidFile)} ]; do sleep 0.1; done; exit 0`;
    const outer = spawn("sh", ["-c", `sh -c '${inner.replace(/'/g, `'\\''`)}' & exec sleep 20`], {
      stdio: "ignore",
      env: { ...process.env, AFTERGLOW_SUPERVISOR_PID: String(process.pid) },
    });
    pending.push(outer.pid!);

    await expect.poll(() => readFile(pidFile, "utf8").catch(() => ""), { timeout: 10_000 }).not.toBe("");
    const [parent, watched] = (await readFile(pidFile, "utf8")).split(" ").map(Number) as [number, number];
    pending.push(watched);
    // The parent has exited but is not reaped: the old probe saw it alive.
    await expect.poll(() => state(parent), { timeout: 5_000 }).toBe("Z");
    expect(alive(parent)).toBe(true);
    // Gone (or exited, whoever reaps it now).
    await expect
      .poll(async () => ["", "Z"].includes(await state(watched)), { timeout: 8_000, interval: 200 })
      .toBe(true);
  }, 20_000);
});
