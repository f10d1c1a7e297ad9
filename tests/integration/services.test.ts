import { randomBytes } from "node:crypto";
import { chmod, mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appUrl } from "@/lib/core/env";
import { freePort } from "@/scripts/lib/free-port";
import { EMBEDDED_DATABASE, startServices, type Services } from "@/scripts/lib/services";

/** Command lines of running processes that mention `dataDir` after `-D` (postgres -D <dir>). */
async function postgresProcessesFor(dataDir: string): Promise<string[]> {
  const found: string[] = [];
  for (const pid of (await readdir("/proc")).filter((name) => /^\d+$/.test(name))) {
    const cmdline = await readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => "");
    const args = cmdline.split("\0");
    const d = args.indexOf("-D");
    if (d !== -1 && args[d + 1]?.startsWith(dataDir)) found.push(`${pid}: ${args.join(" ")}`);
  }
  return found;
}

async function query<T extends pg.QueryResultRow>(
  url: string,
  sql: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

describe.skipIf(process.platform !== "linux")("startServices (embedded PostgreSQL + s3rver)", () => {
  let root: string;
  let dataDir: string;
  let pgPort: number;
  let s3Port: number;
  let services: Services | undefined;
  const lines: string[] = [];
  const start = () =>
    startServices({
      dataDir,
      pgPort,
      s3Port,
      forceEmbedded: true,
      exitOnSignal: false,
      log: (m) => lines.push(m),
    });

  /** The services, started again if a test before this one stopped them. */
  const running = async (): Promise<Services> => (services ??= await start());

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), "afterglow-services-"));
    // mkdtemp makes a 0700 folder; as root, PostgreSQL runs as "postgres" and must enter it.
    await chmod(root, 0o755);
    dataDir = path.join(root, "data");
    pgPort = await freePort();
    s3Port = await freePort();
    services = await start();
  });

  afterAll(async () => {
    await services?.stop();
    await rm(root, { recursive: true, force: true });
  });

  it("starts PostgreSQL with the afterglow database in <dataDir>/postgres", async () => {
    const s = await running();
    expect(s.embedded).toEqual({ postgres: true, s3: true });
    expect(s.dataDir).toBe(dataDir);
    expect(new URL(s.databaseUrl).port).toBe(String(pgPort));
    expect(new URL(s.databaseUrl).pathname).toBe(`/${EMBEDDED_DATABASE}`);
    const [row] = await query<{ db: string }>(s.databaseUrl, "select current_database() as db");
    expect(row?.db).toBe(EMBEDDED_DATABASE);
    expect((await stat(path.join(dataDir, "postgres", "PG_VERSION"))).isFile()).toBe(true);
  });

  it("hands the Next server everything it needs", async () => {
    const s = await running();
    expect(s.env).toMatchObject({
      DATA_DIR: dataDir,
      DATABASE_URL: s.databaseUrl,
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_BUCKET: s.storage.bucket,
      // Generated into the data folder (tests/integration/embedded-secrets.test.ts).
      S3_ACCESS_KEY_ID: s.storage.accessKeyId,
      S3_SECRET_ACCESS_KEY: s.storage.secretAccessKey,
      S3_FORCE_PATH_STYLE: "true",
    });
    expect(s.mail).toEqual({ kind: "outbox", dir: path.join(dataDir, "mail") });
    expect(lines.some((l) => l.includes("PostgreSQL (embedded)"))).toBe(true);
  });

  it("has the bucket and round-trips a 6 MB body byte for byte", async () => {
    const s = await running();
    await s.store.ping();
    const body = new Uint8Array(randomBytes(6 * 1024 * 1024));
    await s.store.put("roundtrip/large.bin", body, "application/octet-stream");
    const back = await s.store.getBytes("roundtrip/large.bin");
    expect(back.byteLength).toBe(body.byteLength);
    expect(Buffer.compare(Buffer.from(back), Buffer.from(body))).toBe(0);
  });

  it("lets the app's pages upload: CORS preflight for PUT and ETag exposed on the PUT", async () => {
    const s = await running();
    const origin = new URL(appUrl).origin;
    const objectUrl = `${s.storage.endpoint}/${s.storage.bucket}/cors/small.bin`;
    const preflight = await fetch(objectUrl, {
      method: "OPTIONS",
      headers: {
        Origin: origin,
        "Access-Control-Request-Method": "PUT",
        "Access-Control-Request-Headers": "content-type",
      },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get("access-control-allow-origin")).toBe(origin);
    expect(preflight.headers.get("access-control-allow-methods")).toContain("PUT");
    expect(preflight.headers.get("access-control-allow-headers")).toContain("content-type");

    // A presigned PUT from the app's origin, as the browser makes it.
    const body = new Uint8Array(randomBytes(1024));
    const signed = await s.store.signedPutUrl({
      key: "cors/small.bin",
      contentType: "application/octet-stream",
      size: body.byteLength,
      expiresIn: 60,
    });
    const put = await fetch(signed, {
      method: "PUT",
      body,
      headers: { Origin: origin, "Content-Type": "application/octet-stream" },
    });
    expect(put.status).toBe(200);
    expect(put.headers.get("access-control-allow-origin")).toBe(origin);
    expect(put.headers.get("access-control-expose-headers")).toContain("ETag");
    expect(put.headers.get("etag")).toBeTruthy();
    await put.arrayBuffer();
  });

  it("stops without leaving PostgreSQL behind, idempotently, and keeps the data for the next start", async () => {
    const s = await running();
    await query(s.databaseUrl, "create table kept (value text)");
    await query(s.databaseUrl, "insert into kept values ($1)", ["still here"]);
    await s.store.put("kept/file.txt", new TextEncoder().encode("kept"), "text/plain");

    await Promise.all([s.stop(), s.stop()]);
    await s.stop();
    services = undefined;
    expect(await postgresProcessesFor(path.join(dataDir, "postgres"))).toEqual([]);
    await expect(fetch(`http://127.0.0.1:${s3Port}/`)).rejects.toThrow(); // s3rver closed

    services = await start();
    const rows = await query<{ value: string }>(services.databaseUrl, "select value from kept");
    expect(rows).toEqual([{ value: "still here" }]);
    expect(new TextDecoder().decode(await services.store.getBytes("kept/file.txt"))).toBe("kept");
  });

  it("recovers when PostgreSQL was already stopped from outside (e.g. Ctrl-C reached it first)", async () => {
    const s = await running();
    const pidFile = path.join(dataDir, "postgres", "postmaster.pid");
    const pid = Number((await readFile(pidFile, "utf8")).split("\n")[0]);
    process.kill(pid, "SIGINT"); // what a terminal's Ctrl-C does to the whole process group
    const started = Date.now();
    await s.stop();
    services = undefined;
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(await postgresProcessesFor(path.join(dataDir, "postgres"))).toEqual([]);
  });

  it("explains a taken port, and stops what did start", async () => {
    await services?.stop();
    services = undefined;
    const holder = await start(); // holds pgPort and s3Port
    const otherS3Port = await freePort();
    try {
      await expect(
        startServices({
          dataDir: path.join(root, "other"),
          pgPort, // taken: PostgreSQL cannot start...
          s3Port: otherS3Port, // ...while s3rver can, and must be stopped again
          forceEmbedded: true,
          exitOnSignal: false,
        }),
      ).rejects.toThrow(/Port \d+ is in use, so embedded PostgreSQL cannot start/);
    } finally {
      await holder.stop();
    }
    const server = net.createServer();
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(otherS3Port, "127.0.0.1", () => resolve());
    });
    await new Promise((resolve) => server.close(resolve));
    expect(await postgresProcessesFor(root)).toEqual([]);
  });
});
