/**
 * End-to-end run: starts the app exactly as `npm start` does (scripts/start.ts: production
 * build, embedded PostgreSQL/S3/mail outbox, migrations, demo seed) but in a throwaway data
 * folder on free ports, runs Playwright against it, and stops everything.
 * Extra arguments go to `playwright test` (e.g. `npm run test:e2e -- tests/e2e/home.spec.ts`).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { freePort } from "./lib/free-port";
import { embeddedPostgresPassword, embeddedS3Credentials } from "./lib/local-secrets";

const log = (message: string) => console.log(`[e2e] ${message}`);
const STARTUP_TIMEOUT_MS = 15 * 60_000; // a cold production build on a 2-core machine

async function waitForHealth(baseUrl: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(`the app exited during start-up (${server.signalCode ?? server.exitCode})`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the app did not become healthy within ${STARTUP_TIMEOUT_MS / 60_000} minutes`);
}

function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null || !server.pid) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => {
      try {
        process.kill(-server.pid!, "SIGKILL");
      } catch {
        // already gone
      }
    }, 60_000);
    server.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    server.kill("SIGTERM");
  });
}

const E2E_STRIPE_WEBHOOK_SECRET = "whsec_e2e_afterglow_billing";

async function main(): Promise<number> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "afterglow-e2e-"));
  const [port, pgPort, s3Port] = [await freePort(), await freePort(), await freePort()];
  const baseUrl = `http://localhost:${port}`;
  // Made now, as the app would on its first start (it reads them from the data folder), so the
  // specs that reach the database and the store directly can be given them.
  const [pgPassword, s3Credentials] = [
    await embeddedPostgresPassword(dataDir),
    await embeddedS3Credentials(dataDir),
  ];

  // Embedded services only: never a developer's or CI's external database or mail relay.
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    APP_URL: baseUrl,
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(pgPort),
    EMBEDDED_S3_PORT: String(s3Port),
    // Billing specs sign webhooks with this secret (the SDK's test-header helper); no Stripe key.
    STRIPE_WEBHOOK_SECRET: E2E_STRIPE_WEBHOOK_SECRET,
  };
  delete childEnv.STRIPE_SECRET_KEY;
  for (const name of ["DATABASE_URL", "S3_ENDPOINT", "SMTP_URL", "NODE_ENV"]) delete childEnv[name];

  log(`starting the app on ${baseUrl} (data in ${dataDir})`);
  const server = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    env: childEnv,
    stdio: ["ignore", "inherit", "inherit"],
    detached: true,
  });

  let code = 1;
  try {
    await waitForHealth(baseUrl, server);
    code = await new Promise<number>((resolve) => {
      const playwright = spawn(
        process.execPath,
        ["node_modules/@playwright/test/cli.js", "test", ...process.argv.slice(2)],
        {
          stdio: "inherit",
          env: {
            ...process.env,
            E2E_BASE_URL: baseUrl,
            E2E_DATA_DIR: dataDir,
            E2E_DATABASE_URL: `postgresql://postgres:${encodeURIComponent(pgPassword)}@127.0.0.1:${pgPort}/afterglow`,
            // A second app instance on the same services (tests/e2e/two-instances.spec.ts).
            E2E_S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
            E2E_S3_ACCESS_KEY_ID: s3Credentials.accessKeyId,
            E2E_S3_SECRET_ACCESS_KEY: s3Credentials.secretAccessKey,
            E2E_STRIPE_WEBHOOK_SECRET,
          },
        },
      );
      playwright.on("exit", (exitCode) => resolve(exitCode ?? 1));
    });
  } catch (error) {
    console.error(`[e2e] ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    log("stopping the app");
    await stop(server);
    await rm(dataDir, { recursive: true, force: true }).catch(() => undefined);
  }
  return code;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
