import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { freePort } from "@/scripts/lib/free-port";
import { slotEnv, workerCount } from "@/server/cluster.cjs";

/** server/cluster.cjs: `npm start`'s web processes, one per core (issue #35). */
describe("workerCount", () => {
  it("is the available parallelism unless WEB_CONCURRENCY says otherwise, and refuses nonsense", () => {
    expect(workerCount(undefined, 2)).toBe(2);
    expect(workerCount("", 8)).toBe(8);
    expect(workerCount("3", 8)).toBe(3);
    for (const value of ["0", "-1", "1.5", "many", "257"])
      expect(() => workerCount(value, 2)).toThrow(/WEB_CONCURRENCY/);
  });

  it("keeps the job workers in slot 0 only", () => {
    expect(slotEnv(0).MEDIA_WORKER).toBeUndefined();
    expect(slotEnv(1).MEDIA_WORKER).toBe("off");
    expect(slotEnv(5).MEDIA_WORKER).toBe("off");
  });
});

describe("runCluster", () => {
  let dir: string | undefined;
  let primary: ChildProcess | undefined;

  afterEach(async () => {
    if (primary?.exitCode === null && primary.signalCode === null) primary.kill("SIGKILL");
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  /** Each answer on a new connection: the process's pid and MEDIA_WORKER. */
  const ask = (port: number) =>
    new Promise<{ pid: number; mediaWorker: string }>((resolve, reject) => {
      http
        .get({ host: "127.0.0.1", port, path: "/", agent: false }, (res) => {
          let body = "";
          res.on("data", (chunk: Buffer) => (body += chunk.toString()));
          res.on("end", () => resolve(JSON.parse(body) as { pid: number; mediaWorker: string }));
        })
        .on("error", reject)
        // A connection handed to a process as it died is never answered.
        .setTimeout(2_000, function (this: http.ClientRequest) {
          this.destroy(new Error("no answer"));
        });
    });

  async function answers(port: number, count: number) {
    const seen = new Map<number, string>();
    for (let i = 0; i < count; i++) {
      const answer = await ask(port).catch(() => undefined);
      if (answer) seen.set(answer.pid, answer.mediaWorker);
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return seen;
  }

  it("shares the port between its processes, replaces one that dies, and stops them all on SIGTERM", async () => {
    dir = await mkdtemp(path.join(tmpdir(), "cluster-"));
    const port = await freePort();
    const script = path.join(dir, "server.cjs");
    await writeFile(
      script,
      `const cluster = require("node:cluster");
const { runCluster } = require(${JSON.stringify(path.resolve("server/cluster.cjs"))});
if (cluster.isPrimary) runCluster({ workers: 2, log: () => undefined });
else require("node:http").createServer((req, res) =>
  res.end(JSON.stringify({ pid: process.pid, mediaWorker: process.env.MEDIA_WORKER ?? "inline" }))
).listen(${port}, "127.0.0.1");
`,
    );
    primary = spawn(process.execPath, [script], { stdio: "ignore" });
    const exited = new Promise<number | null>((resolve) => primary!.once("exit", (code) => resolve(code)));

    // Until both processes listen (a loaded machine starts them slowly).
    let seen = new Map<number, string>();
    for (const deadline = Date.now() + 20_000; seen.size < 2 && Date.now() < deadline;)
      seen = await answers(port, 4);
    expect(seen.size).toBe(2);
    // One process works the jobs; the other only sends them.
    expect([...seen.values()].sort()).toEqual(["inline", "off"]);

    const [victim, role] = [...seen.entries()][0]!;
    process.kill(victim, "SIGKILL");
    let after = new Map<number, string>();
    for (const deadline = Date.now() + 20_000; Date.now() < deadline;) {
      after = await answers(port, 4);
      if (after.size === 2 && !after.has(victim)) break;
    }
    expect(after.has(victim)).toBe(false);
    expect(after.size).toBe(2);
    // The replacement took the dead one's slot.
    expect([...after.values()].sort()).toEqual(["inline", "off"]);
    expect([...after.values()]).toContain(role);

    const stoppedAt = Date.now();
    primary.kill("SIGTERM");
    expect(await exited).toBe(143);
    expect(Date.now() - stoppedAt).toBeLessThan(9_000);
    await expect(ask(port)).rejects.toThrow();
  }, 60_000);

  it("tells every process of the first untrusted proxy one of them saw, replacements included", async () => {
    dir = await mkdtemp(path.join(tmpdir(), "cluster-"));
    const port = await freePort();
    const script = path.join(dir, "server.cjs");
    await writeFile(
      script,
      `const cluster = require("node:cluster");
const { runCluster } = require(${JSON.stringify(path.resolve("server/cluster.cjs"))});
const forwarded = require(${JSON.stringify(path.resolve("lib/core/http/forwarded.cjs"))});
if (cluster.isPrimary) runCluster({ workers: 2, log: () => undefined });
else require("node:http").createServer((req, res) =>
  res.end(JSON.stringify({ pid: process.pid, seen: forwarded.untrustedProxySeen() }))
).listen(${port}, "127.0.0.1");
`,
    );
    // The app's preload, as npm start loads it (the forked processes inherit it).
    const preload = path.resolve("server/client-address-preload.mjs");
    primary = spawn(process.execPath, ["--import", preload, script], {
      stdio: "ignore",
      env: { ...process.env, AUTH_TRUSTED_PROXIES: "", TRUST_PROXY: "" },
    });
    type Answer = { pid: number; seen: { address: string; header: string } | null };
    const get = (headers: Record<string, string> = {}) =>
      new Promise<Answer>((resolve, reject) => {
        http
          .get({ host: "127.0.0.1", port, path: "/", agent: false, headers }, (res) => {
            let body = "";
            res.on("data", (chunk: Buffer) => (body += chunk.toString()));
            res.on("end", () => resolve(JSON.parse(body) as Answer));
          })
          .on("error", reject)
          .setTimeout(2_000, function (this: http.ClientRequest) {
            this.destroy(new Error("no answer"));
          });
      });
    /** Asks until every process answered; the last answer of each. */
    const everyProcess = async () => {
      const last = new Map<number, Answer>();
      for (const deadline = Date.now() + 20_000; Date.now() < deadline;) {
        const answer = await get().catch(() => undefined);
        if (answer) last.set(answer.pid, answer);
        else await new Promise((resolve) => setTimeout(resolve, 100));
        if (last.size === 2 && [...last.values()].every((a) => a.seen)) break;
      }
      return last;
    };

    let first: Answer | undefined;
    for (const deadline = Date.now() + 20_000; !first && Date.now() < deadline;) {
      first = await get({ "x-forwarded-for": "203.0.113.9" }).catch(() => undefined);
      if (!first) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(first?.seen).toMatchObject({ address: "127.0.0.1", header: "x-forwarded-for" });
    const both = await everyProcess();
    expect(both.size).toBe(2);
    for (const answer of both.values()) expect(answer.seen).toMatchObject({ address: "127.0.0.1" });

    // A process that dies is replaced by one that knows it too.
    const victim = [...both.keys()][0]!;
    process.kill(victim, "SIGKILL");
    let after = new Map<number, Answer>();
    for (const deadline = Date.now() + 20_000; Date.now() < deadline;) {
      after = await everyProcess();
      if (after.size === 2 && !after.has(victim)) break;
    }
    expect(after.has(victim)).toBe(false);
    for (const answer of after.values()) expect(answer.seen).toMatchObject({ address: "127.0.0.1" });
  }, 90_000);
});
