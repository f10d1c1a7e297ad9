import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import {
  adminOfNewCompany,
  createCompany,
  createPublishedGallery,
  createUser,
  PASSWORD,
  readMail,
  sql,
  uniqueEmail,
} from "./auth-support";
import { axeViolations } from "./axe";
import { expect, test } from "./fixtures";
import { freePort } from "@/scripts/lib/free-port";

/**
 * Issue #34, row 3: the app behind a real Caddy running deploy/Caddyfile (the file the README's
 * "Behind a reverse proxy" section points to), HTTPS with Caddy's own local CA. Instance P is a
 * second app on the e2e build and services, started as the README says (AUTH_TRUSTED_PROXIES=
 * 127.0.0.1); the e2e app itself (A) sits behind a second Caddy with nothing trusted, as an
 * operator who skipped that line would run it. Fans are told apart by the loopback address their
 * socket comes from (Linux routes all of 127.0.0.0/8 to lo), as Caddy sees them.
 */
const A = new URL(process.env.E2E_BASE_URL ?? "http://localhost:3000");
const CADDYFILE = path.resolve("deploy/Caddyfile");

interface Caddy {
  process: ChildProcess;
  port: number;
  ca: Buffer;
  dir: string;
}
let p: ChildProcess | undefined;
let pPort = 0;
let trusted: Caddy | undefined;
let untrusted: Caddy | undefined;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}
interface CallOptions {
  /** The loopback address the client's socket comes from: one per fan. */
  from: string;
  /** The host name asked for (the app's own by default). */
  host?: string;
  method?: string;
  headers?: Record<string, string>;
  body?: unknown;
}

function collect(resolve: (answer: Answer) => void, reject: (error: Error) => void) {
  return (response: http.IncomingMessage) => {
    const chunks: Buffer[] = [];
    response.on("data", (chunk: Buffer) => chunks.push(chunk));
    response.on("end", () =>
      resolve({
        status: response.statusCode ?? 0,
        headers: response.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      }),
    );
    response.on("error", reject);
  };
}

function requestHeaders(options: CallOptions, host: string, payload: string | undefined) {
  return {
    host,
    ...(payload
      ? { "content-type": "application/json", "content-length": String(Buffer.byteLength(payload)) }
      : {}),
    ...options.headers,
  };
}

/** A request through a Caddy, over HTTPS checked against that Caddy's own CA. */
function viaCaddy(caddy: Caddy, pathname: string, options: CallOptions): Promise<Answer> {
  const name = options.host ?? A.hostname;
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const request = https.request(
      {
        host: "127.0.0.1",
        port: caddy.port,
        servername: name,
        ca: caddy.ca,
        localAddress: options.from,
        path: pathname,
        method: options.method ?? "GET",
        headers: requestHeaders(options, `${name}:${caddy.port}`, payload),
        agent: false,
      },
      collect(resolve, reject),
    );
    request.on("error", reject);
    request.end(payload);
  });
}

/** A request straight to instance P over plain HTTP, bypassing the proxy. */
function direct(pathname: string, options: CallOptions): Promise<Answer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port: pPort,
        localAddress: options.from,
        path: pathname,
        method: options.method ?? "GET",
        headers: requestHeaders(options, options.host ?? A.host, payload),
        agent: false,
      },
      collect(resolve, reject),
    );
    request.on("error", reject);
    request.end(payload);
  });
}

const cookiesOf = (answer: Answer) => [answer.headers["set-cookie"] ?? []].flat();
const cookieNamed = (answer: Answer, name: string) => cookiesOf(answer).find((c) => c.startsWith(`${name}=`));
const isSecure = (cookie: string | undefined) => cookie !== undefined && /;\s*secure\s*(;|$)/i.test(cookie);

/**
 * Caddy on deploy/Caddyfile in front of `upstreamPort`, with test-only global options added to
 * its global block: Caddy's local CA for every name, nothing installed into the system's trust
 * store, no admin endpoint, its own ports and data folder.
 */
async function startCaddy(upstreamPort: number): Promise<Caddy> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "afterglow-caddy-"));
  const [port, httpPort] = [await freePort(), await freePort()];
  const testOptions = [
    "local_certs",
    "skip_install_trust",
    "admin off",
    `http_port ${httpPort}`,
    `https_port ${port}`,
  ];
  const production = await readFile(CADDYFILE, "utf8");
  expect(production).toMatch(/^\{$/m);
  const config = production.replace(/^\{$/m, `{\n\t${testOptions.join("\n\t")}`);
  const file = path.join(dir, "Caddyfile");
  await writeFile(file, config);
  const caddy = spawn("caddy", ["run", "--config", file, "--adapter", "caddyfile"], {
    env: {
      ...process.env,
      HOME: dir,
      XDG_DATA_HOME: path.join(dir, "data"),
      XDG_CONFIG_HOME: path.join(dir, "config"),
      AFTERGLOW_DOMAIN: A.hostname,
      AFTERGLOW_UPSTREAM: `127.0.0.1:${upstreamPort}`,
    },
    stdio: ["ignore", "ignore", "pipe"],
    detached: true,
  });
  let log = "";
  caddy.stderr?.on("data", (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000)));
  const rootCert = path.join(dir, "data", "caddy", "pki", "authorities", "local", "root.crt");
  const started: Caddy = { process: caddy, port, ca: Buffer.alloc(0), dir };
  await expect
    .poll(
      async () => {
        if (caddy.exitCode !== null) throw new Error(`caddy exited: ${log}`);
        started.ca = await readFile(rootCert).catch(() => Buffer.alloc(0));
        if (started.ca.length === 0) return 0;
        return (await viaCaddy(started, "/api/health", { from: "127.0.0.1" }).catch(() => ({ status: 0 })))
          .status;
      },
      { timeout: 30_000, intervals: [250] },
    )
    .toBe(200);
  return started;
}

async function stopProcess(child: ChildProcess | undefined): Promise<void> {
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    process.kill(-child.pid!, "SIGTERM");
  });
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  pPort = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(pPort),
    // The e2e build is stamped with A's address (scripts/lib/build.ts): the same, so no rebuild.
    APP_URL: A.origin,
    DATA_DIR: process.env.E2E_DATA_DIR,
    DATABASE_URL: process.env.E2E_DATABASE_URL,
    S3_ENDPOINT: process.env.E2E_S3_ENDPOINT,
    S3_ACCESS_KEY_ID: process.env.E2E_S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: process.env.E2E_S3_SECRET_ACCESS_KEY,
    S3_FORCE_PATH_STYLE: "true",
    MEDIA_WORKER: "off",
    // As the README says for Caddy on the same machine.
    AUTH_TRUSTED_PROXIES: "127.0.0.1",
    // Small, so that one fan reaches it in a few requests.
    RATE_LIMIT_ANON_IP: "5",
  };
  Reflect.deleteProperty(env, "NODE_ENV");
  Reflect.deleteProperty(env, "TRUST_PROXY");
  p = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    env,
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  await expect
    .poll(
      async () => (await direct("/api/health", { from: "127.0.0.1" }).catch(() => ({ status: 0 }))).status,
      {
        timeout: 180_000,
        intervals: [500],
      },
    )
    .toBe(200);
  [trusted, untrusted] = await Promise.all([startCaddy(pPort), startCaddy(Number(A.port))]);
});

test.afterAll(async () => {
  await Promise.all([stopProcess(trusted?.process), stopProcess(untrusted?.process), stopProcess(p)]);
  for (const caddy of [trusted, untrusted]) if (caddy) await rm(caddy.dir, { recursive: true, force: true });
});

test("each fan is its own address behind the proxy, whatever X-Forwarded-For it sends", async () => {
  const companyId = await createCompany("Proxy Fans Co");
  const { contentId } = await createPublishedGallery(companyId, "Proxy Fans");
  const like = (from: string, forged?: string) =>
    viaCaddy(trusted!, `/api/content/${contentId}/like`, {
      from,
      method: "POST",
      body: { liked: true },
      headers: forged ? { "x-forwarded-for": forged } : {},
    });

  // One fan without a cookie uses up its address's allowance (5 here), each request claiming
  // another address: Caddy replaces the header, so every one counts against 127.55.0.2.
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) statuses.push((await like("127.55.0.2", `203.0.113.${10 + i}`)).status);
  expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  // Another fan, behind the same proxy, is not that fan.
  expect((await like("127.55.0.3")).status).toBe(200);
  expect((await like("127.55.0.3", "127.55.0.2")).status).toBe(200);
});

test("wrong passwords from one address do not lock the owner out from another", async () => {
  const email = uniqueEmail("proxy-owner");
  await createUser({ email });
  const signIn = (from: string, password: string, extra: Record<string, string> = {}) =>
    viaCaddy(trusted!, "/api/auth/sign-in/email", {
      from,
      method: "POST",
      headers: { origin: A.origin },
      body: { email, password, ...extra },
    });

  for (let i = 0; i < 5; i++) expect((await signIn("127.55.1.2", "wrong-password")).status).toBe(401);
  // The guesser's own address is slowed...
  expect((await signIn("127.55.1.2", "wrong-password")).status).toBe(429);
  // ...the owner, elsewhere, is not: the right password asks for the code e-mailed to them.
  const challenged = await signIn("127.55.1.3", PASSWORD);
  expect(challenged.status, challenged.body).toBe(403);
  expect(challenged.body).toContain("LOGIN_CODE_REQUIRED");
  const code = /\b(\d{6})\b/.exec((await readMail(email)).text)?.[1] ?? "";
  const signedIn = await signIn("127.55.1.3", PASSWORD, { loginCode: code });
  expect(signedIn.status, signedIn.body).toBe(200);
  // Over HTTPS (Caddy said so, and Caddy is trusted): Better Auth's session cookie is Secure.
  const session = cookiesOf(signedIn).find((c) => /^(__Secure-)?afterglow\.session_token=/.test(c));
  expect(session).toBeDefined();
  expect(isSecure(session)).toBe(true);
});

test("HTTPS is recognised from the trusted proxy: HSTS by host, Secure on every cookie", async () => {
  const companyId = await createCompany("Proxy Https Co");
  await sql(`update company set plan = 'professional' where id = $1`, [companyId]);
  const { contentId } = await createPublishedGallery(companyId, "Proxy Https");
  const fan = { from: "127.55.2.2" };

  // The app's own host: the full HSTS, and the language and visit-source cookies are Secure.
  const home = await viaCaddy(trusted!, "/?utm_source=newsletter", fan);
  expect(home.status).toBe(200);
  expect(home.headers["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains; preload");
  expect(isSecure(cookieNamed(home, "NEXT_LOCALE"))).toBe(true);
  expect(isSecure(cookieNamed(home, "ag_src"))).toBe(true);
  // The fans' visitor cookie, from the engagement API's front door.
  const state = await viaCaddy(trusted!, `/api/content/${contentId}/engagement`, fan);
  expect(state.status).toBe(200);
  expect(isSecure(cookieNamed(state, "ag_vid"))).toBe(true);

  // A tenant's custom domain: HSTS for that one name only (theirs, not ours to preload).
  const hostname = `fans-${randomUUID().slice(0, 8)}.proxy.e2e.test`;
  await sql(
    `insert into domain (id, "companyId", hostname, kind, status, "updatedAt") values ($1, $2, $3, 'custom', 'active', now())`,
    [randomUUID(), companyId, hostname],
  );
  await sql(`select pg_notify('afterglow_routing', '')`);
  await expect
    .poll(
      async () =>
        (await viaCaddy(trusted!, "/", { ...fan, host: hostname }).catch(() => ({ status: 0 }))).status,
    )
    .toBe(200);
  const custom = await viaCaddy(trusted!, "/", { ...fan, host: hostname });
  expect(custom.body).toContain("Proxy Https Co");
  expect(custom.headers["strict-transport-security"]).toBe("max-age=31536000");

  // Straight to the app, a client's own X-Forwarded-Proto (and Host) count for nothing.
  const forged = await direct("/", {
    from: "127.55.2.3",
    headers: { "x-forwarded-proto": "https", "x-forwarded-host": hostname },
  });
  expect(forged.status).toBe(200);
  expect(forged.headers["strict-transport-security"]).toBeUndefined();
  expect(cookieNamed(forged, "NEXT_LOCALE")).toBeDefined();
  expect(isSecure(cookieNamed(forged, "NEXT_LOCALE"))).toBe(false);
});

test("a shared hosting domain (vercel.app) is not the app's own host unless configured", async () => {
  const answer = await direct("/", { from: "127.55.3.2", host: "my-branch.vercel.app" });
  expect(answer.status).toBe(404);
});

test("an untrusted proxy is reported on the system status page, and its HTTPS is not believed", async ({
  page,
  context,
}) => {
  // The e2e app (A) behind a Caddy it does not trust: what Caddy says about HTTPS is ignored...
  const home = await viaCaddy(untrusted!, "/", { from: "127.55.4.2" });
  expect(home.status).toBe(200);
  expect(home.headers["strict-transport-security"]).toBeUndefined();
  expect(isSecure(cookieNamed(home, "NEXT_LOCALE"))).toBe(false);

  // ...and the admin's status page says what to set.
  await adminOfNewCompany(context, "Proxy Status Co");
  await page.goto("/admin/status");
  const warning = page.getByRole("region", { name: "A reverse proxy is not trusted" });
  await expect(warning).toBeVisible();
  await expect(warning).toContainText("AUTH_TRUSTED_PROXIES");
  await expect(warning).toContainText("127.0.0.1");
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await page.reload();
    await expect(warning).toBeVisible();
    expect(await axeViolations(page), colorScheme).toEqual([]);
  }
});
