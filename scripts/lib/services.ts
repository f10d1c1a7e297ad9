import { mkdir, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { appUrl, dataDir as envDataDir, env } from "@/lib/core/env";
import { ObjectStore } from "@/lib/core/storage/object-store";
import { createS3Client, storageConfigFromEnv, type StorageConfig } from "@/lib/core/storage/s3-client";
import { assertEmbeddedPublicEndpoint, startEmbeddedS3 } from "./embedded-s3";
import { ensureDatabase, startEmbeddedPostgres, type RunningPostgres } from "./embedded-postgres";
import {
  authSecret,
  embeddedPostgresPassword,
  embeddedS3Credentials,
  LOCAL_SECRET_FILES,
} from "./local-secrets";
import { isAlive, isPortFree } from "./processes";

/** Name of the application database on the embedded cluster. */
export const EMBEDDED_DATABASE = "afterglow";

export interface ServicesOptions {
  log?: (message: string) => void;
  /** Folder for embedded data (default: env DATA_DIR, `.data`). Tests pass a temp folder. */
  dataDir?: string;
  /** Port of embedded PostgreSQL (default: env EMBEDDED_PG_PORT). */
  pgPort?: number;
  /** Port of the embedded S3 server (default: env EMBEDDED_S3_PORT). */
  s3Port?: number;
  /**
   * Start embedded PostgreSQL and S3 even when DATABASE_URL / S3_ENDPOINT are set.
   * `lib/core/env.ts` reads the environment once, so tests use this rather than unsetting variables.
   */
  forceEmbedded?: boolean;
  /**
   * On SIGINT/SIGTERM/SIGHUP, stop what was started and exit with 128 + the signal number
   * (default true, right for one-shot scripts). Pass false when the caller runs its own,
   * ordered shutdown (`npm start`, the e2e runner) and calls `stop()` itself.
   */
  exitOnSignal?: boolean;
}

export type MailDelivery = { kind: "smtp"; host: string } | { kind: "outbox"; dir: string };

export interface Services {
  /** Variables for the Next server (and any child process) so it uses these services. */
  env: Record<string, string>;
  databaseUrl: string;
  storage: StorageConfig;
  /** A store on the bucket, which exists once `startServices` resolves. */
  store: ObjectStore;
  /** Absolute data folder (embedded PostgreSQL, S3 objects, mail outbox). */
  dataDir: string;
  mail: MailDelivery;
  embedded: { postgres: boolean; s3: boolean };
  /** Stops whatever was started. Safe to call more than once and concurrently. */
  stop(): Promise<void>;
}

/**
 * Starts embedded PostgreSQL (`<dataDir>/postgres`, database `afterglow`) unless
 * DATABASE_URL is set, and s3rver (`<dataDir>/s3`) unless S3_ENDPOINT is set; makes sure
 * the bucket exists. Data is kept between runs, and so are their secrets (the superuser's
 * password, the store's key pair: scripts/lib/local-secrets.ts), which only the app receives.
 * The store answers browsers' CORS requests from the app's own origin (APP_URL's) only.
 * Nothing is started when all are external.
 */
export async function startServices(options: ServicesOptions = {}): Promise<Services> {
  const log = options.log ?? (() => undefined);
  const dataDir = path.resolve(options.dataDir ?? envDataDir);
  const pgPort = options.pgPort ?? env.EMBEDDED_PG_PORT;
  const s3Port = options.s3Port ?? env.EMBEDDED_S3_PORT;
  const externalDatabaseUrl = options.forceEmbedded ? undefined : env.DATABASE_URL;
  const externalS3 = options.forceEmbedded ? undefined : env.S3_ENDPOINT;

  // Before anything starts: browsers must not be sent to the embedded store on a public address.
  if (!externalS3) assertEmbeddedPublicEndpoint(env.S3_PUBLIC_ENDPOINT);

  await mkdir(dataDir, { recursive: true });

  // PostgreSQL and s3rver start side by side; if one fails, the other is stopped again.
  const pgLog: string[] = [];
  const [pgResult, s3Result] = await Promise.allSettled([
    externalDatabaseUrl
      ? Promise.resolve(undefined)
      : startPostgres(dataDir, pgPort, (line) => remember(pgLog, line)),
    externalS3
      ? Promise.resolve(undefined)
      : (async () => {
          await assertPortFree(s3Port, "the local S3 server", "EMBEDDED_S3_PORT");
          return startEmbeddedS3({
            directory: path.join(dataDir, "s3"),
            port: s3Port,
            bucket: env.S3_BUCKET,
            credentials: await embeddedS3Credentials(dataDir),
            // Browsers upload from the admin pages, which live on the app's own host only.
            allowedOrigins: [new URL(appUrl).origin],
          });
        })(),
  ]);
  const postgres = pgResult.status === "fulfilled" ? pgResult.value : undefined;
  const s3 = s3Result.status === "fulfilled" ? s3Result.value : undefined;

  let stopping: Promise<void> | undefined;
  let store: ObjectStore | undefined;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      process.off("SIGINT", onSignal).off("SIGTERM", onSignal).off("SIGHUP", onSignal);
      store?.client.destroy();
      const results = await Promise.allSettled([s3?.stop(), postgres?.stop()]);
      const errors = results.flatMap((r) => (r.status === "rejected" ? [r.reason as unknown] : []));
      if (errors.length > 0) throw new AggregateError(errors, "Some services did not stop cleanly");
    })();
    return stopping;
  };
  const onSignal = (signal: NodeJS.Signals): void => {
    log(`${signal}: stopping services`);
    const code = 128 + (os.constants.signals[signal] ?? 0);
    stop().then(
      () => process.exit(code),
      (error: unknown) => {
        log(`stopping failed: ${String(error)}`);
        process.exit(code);
      },
    );
  };
  if (options.exitOnSignal ?? true) {
    process.once("SIGINT", onSignal).once("SIGTERM", onSignal).once("SIGHUP", onSignal);
  }

  try {
    if (pgResult.status === "rejected") {
      const detail = pgLog.length > 0 ? `\nPostgreSQL said:\n  ${pgLog.join("\n  ")}` : "";
      throw new Error(`Embedded PostgreSQL did not start: ${describe(pgResult.reason)}${detail}`);
    }
    if (s3Result.status === "rejected") throw s3Result.reason;

    let databaseUrl: string;
    if (postgres) {
      await ensureDatabase(postgres.adminUrl, EMBEDDED_DATABASE);
      databaseUrl = postgres.urlFor(EMBEDDED_DATABASE);
      log(
        `PostgreSQL (embedded) on port ${postgres.port}, data in ${displayPath(path.join(dataDir, "postgres"))}`,
      );
    } else {
      databaseUrl = externalDatabaseUrl as string;
      log(`PostgreSQL: DATABASE_URL (${new URL(databaseUrl).host})`);
    }

    const storage: StorageConfig = s3
      ? {
          endpoint: s3.endpoint,
          region: env.S3_REGION,
          bucket: env.S3_BUCKET,
          ...s3.credentials,
          forcePathStyle: true, // s3rver only serves path-style URLs on an IP address
        }
      : storageConfigFromEnv();
    store = new ObjectStore(createS3Client(storage), storage.bucket);
    await store.ensureBucket();
    log(
      s3
        ? `S3 (embedded s3rver) at ${s3.endpoint}, bucket ${storage.bucket}, data in ${displayPath(path.join(dataDir, "s3"))}`
        : `S3: ${storage.endpoint ?? "AWS"}, bucket ${storage.bucket}`,
    );

    let mail: MailDelivery;
    if (env.SMTP_URL) {
      mail = { kind: "smtp", host: new URL(env.SMTP_URL).host };
    } else {
      mail = { kind: "outbox", dir: path.join(dataDir, "mail") };
      await mkdir(mail.dir, { recursive: true });
    }

    const childEnv: Record<string, string> = {
      // Absolute, so the app writes the outbox into the same folder whatever its cwd.
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      S3_REGION: storage.region,
      S3_BUCKET: storage.bucket,
      S3_ACCESS_KEY_ID: storage.accessKeyId,
      S3_SECRET_ACCESS_KEY: storage.secretAccessKey,
      S3_FORCE_PATH_STYLE: String(storage.forcePathStyle),
    };
    if (storage.endpoint) childEnv.S3_ENDPOINT = storage.endpoint;
    if (env.SMTP_URL) childEnv.SMTP_URL = env.SMTP_URL;
    // Production refuses to sign sessions with a built-in secret; a fresh clone gets one
    // generated once and kept with the data, so sessions survive restarts.
    if (!env.BETTER_AUTH_SECRET) childEnv.BETTER_AUTH_SECRET = await authSecret(dataDir);

    return {
      env: childEnv,
      databaseUrl,
      storage,
      store,
      dataDir,
      mail,
      embedded: { postgres: postgres !== undefined, s3: s3 !== undefined },
      stop,
    };
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
}

/** Embedded PostgreSQL whose `stop()` also copes with a server that already exited. */
async function startPostgres(
  dataDir: string,
  port: number,
  log: (line: string) => void,
): Promise<RunningPostgres> {
  const pgDataDir = path.join(dataDir, "postgres");
  await assertPortFree(port, "embedded PostgreSQL", "EMBEDDED_PG_PORT");
  await assertReachableByPostgresUser(pgDataDir);
  const running = await startEmbeddedPostgres({
    dataDir: pgDataDir,
    port,
    persistent: true,
    password: await embeddedPostgresPassword(dataDir),
    passwordFile: displayPath(path.join(dataDir, LOCAL_SECRET_FILES.postgresPassword)),
    log,
  });
  const { pid } = running;
  let stopped: Promise<void> | undefined;
  return {
    ...running,
    stop() {
      // embedded-postgres waits for an 'exit' event that never comes when the server is
      // already gone (Ctrl-C reaches PostgreSQL too: it shares our process group), so
      // watch the postmaster's pid as well.
      stopped ??= pid === undefined ? running.stop() : Promise.race([running.stop(), waitForExit(pid)]);
      return stopped;
    },
  };
}

/**
 * Resolves once `pid` has exited. A fast shutdown takes about a second; if PostgreSQL is
 * still up after a minute it gets an immediate shutdown (SIGQUIT, recovered on next start),
 * then SIGKILL, so a stop never leaves a server behind.
 */
async function waitForExit(pid: number): Promise<void> {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const escalation: [number, NodeJS.Signals | undefined][] = [
    [60_000, "SIGQUIT"],
    [10_000, "SIGKILL"],
    [5_000, undefined],
  ];
  for (const [waitMs, then] of escalation) {
    for (let waited = 0; waited < waitMs; waited += 100) {
      if (!isAlive(pid)) return;
      await sleep(100);
    }
    if (!then) break;
    try {
      process.kill(pid, then);
    } catch {
      return; // exited in between
    }
  }
  throw new Error(`PostgreSQL (pid ${pid}) did not exit`);
}

/**
 * As root, embedded-postgres runs the server as the `postgres` user, which must be able to
 * traverse every folder above the data (a clone under a 0700 home folder fails in initdb
 * with a bare "Permission denied"). The data folder's own parent is fixed by
 * startEmbeddedPostgres; further up we only explain, never chmod the user's folders.
 */
async function assertReachableByPostgresUser(pgDataDir: string): Promise<void> {
  if (process.getuid?.() !== 0) return;
  for (let dir = path.dirname(path.dirname(pgDataDir)); ; dir = path.dirname(dir)) {
    const info = await stat(dir).catch(() => undefined);
    if (info && (info.mode & 0o001) === 0) {
      throw new Error(
        `PostgreSQL runs as the "postgres" user, which cannot enter ${dir}. ` +
          `Allow it (chmod o+x ${dir}) or set DATA_DIR to a folder outside it.`,
      );
    }
    if (dir === path.dirname(dir)) return;
  }
}

/** A clear message instead of PostgreSQL's or s3rver's bind error when a port is taken. */
async function assertPortFree(port: number, what: string, variable: string): Promise<void> {
  if (!(await isPortFree(port, "127.0.0.1"))) {
    throw new Error(
      `Port ${port} is in use, so ${what} cannot start. Stop the other Afterglow instance or set ${variable}.`,
    );
  }
}

function remember(lines: string[], line: string): void {
  if (!line) return;
  lines.push(...line.split("\n"));
  lines.splice(0, Math.max(0, lines.length - 20));
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  // embedded-postgres rejects with no reason when the server exits during start-up.
  return error === undefined ? "the server exited during start-up" : String(error);
}

/** Paths inside the working folder are shown relative: `.data/postgres`. */
export function displayPath(p: string): string {
  const relative = path.relative(process.cwd(), p);
  return relative && !relative.startsWith("..") && !path.isAbsolute(relative) ? relative : p;
}
