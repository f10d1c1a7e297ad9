import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import { adminOfNewCompany, createPublishedGallery } from "./auth-support";
import { expect, test } from "./fixtures";
import { freePort } from "@/scripts/lib/free-port";

/**
 * Two app instances behind one address (issue #16): the e2e app is instance A; this spec starts
 * instance B from the same build, on the same PostgreSQL and S3 store, with the same secret
 * (the shared data folder) and no media worker (the worker runs on A). Fans reach B with A's
 * host name, as a load balancer would send them.
 */
const A = new URL(process.env.E2E_BASE_URL ?? "http://localhost:3000");
let b: ChildProcess | undefined;
let bPort = 0;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A request to one instance with the public host name (the load balancer's view). */
function call(
  port: number,
  path: string,
  options: { method?: string; cookie?: string; body?: unknown } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        path,
        method: options.method ?? "GET",
        headers: {
          host: A.host,
          cookie: ["NEXT_LOCALE=en", options.cookie].filter(Boolean).join("; "),
          ...(payload ? { "content-type": "application/json" } : {}),
        },
      },
      (response) => {
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
      },
    );
    request.on("error", reject);
    request.end(payload);
  });
}

const portA = () => Number(A.port);

/** A new fan's signed visitor cookie, as the player's first state request issues it. */
async function newFan(port: number, contentId: string): Promise<string> {
  const answer = await call(port, `/api/content/${contentId}/engagement`);
  const header = [answer.headers["set-cookie"] ?? []].flat().find((c) => c.startsWith("ag_vid="));
  if (!header) throw new Error(`no visitor cookie (${answer.status})`);
  return header.split(";")[0]!;
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  bPort = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(bPort),
    APP_URL: A.origin,
    DATA_DIR: process.env.E2E_DATA_DIR,
    DATABASE_URL: process.env.E2E_DATABASE_URL,
    S3_ENDPOINT: process.env.E2E_S3_ENDPOINT,
    S3_ACCESS_KEY_ID: process.env.E2E_S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: process.env.E2E_S3_SECRET_ACCESS_KEY,
    S3_FORCE_PATH_STYLE: "true",
    MEDIA_WORKER: "off",
  };
  // start.ts sets NODE_ENV itself (the property is read-only in NodeJS.ProcessEnv's type).
  Reflect.deleteProperty(env, "NODE_ENV");
  b = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    env,
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  await expect
    .poll(async () => (await call(bPort, "/api/health").catch(() => ({ status: 0 }))).status, {
      timeout: 150_000,
      intervals: [500],
    })
    .toBe(200);
});

test.afterAll(async () => {
  const server = b;
  if (!server?.pid || server.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    server.once("exit", () => resolve());
    process.kill(-server.pid!, "SIGTERM");
  });
});

test("a publish through one instance refreshes the cached page on the other", async ({ page, context }) => {
  test.setTimeout(120_000);
  const { companyId } = await adminOfNewCompany(context, "Twin Night Co");
  const { eventId, publicPath } = await createPublishedGallery(companyId, "Twin Night");

  // Instance B renders the page, then serves it from its cache.
  expect((await call(bPort, publicPath)).status).toBe(200);
  const cached = await call(bPort, publicPath);
  expect(cached.headers["x-nextjs-cache"]).toBe("HIT");
  expect(cached.body).toContain("<title>Twin Night ·");
  // ... and then replays that answer from its micro-cache (server/page-microcache.cjs). Another
  // spec's publish or routing change (they run alongside) empties every instance's micro-cache
  // by design, so B is asked until it replays, never just once.
  await expect
    .poll(async () => {
      const replayed = await call(bPort, publicPath);
      return replayed.headers["x-afterglow-replay"] === "1" && replayed.body === cached.body;
    })
    .toBe(true);

  // The organiser renames the event through instance A.
  await page.goto(`/admin/events/${eventId}`);
  await page.getByLabel("Name", { exact: true }).fill("Twin Night Renamed");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Twin Night Renamed" })).toBeVisible();

  // The page's title says which version B serves (the whole HTML would be a poor failure message).
  const title = async () => /<title>([^<]*)<\/title>/.exec((await call(bPort, publicPath)).body)?.[1];
  await expect.poll(title).toContain("Twin Night Renamed");
});

test("likes and limits are exact across both instances", async ({ context }) => {
  test.setTimeout(120_000);
  const { companyId } = await adminOfNewCompany(context, "Twin Likes Co");
  const { contentId } = await createPublishedGallery(companyId, "Twin Likes");
  const like = (port: number, cookie: string) =>
    call(port, `/api/content/${contentId}/like`, { method: "POST", cookie, body: { liked: true } });

  // 40 fans at once, half through each instance.
  const ports = Array.from({ length: 40 }, (_, i) => (i % 2 ? portA() : bPort));
  const fans = await Promise.all(ports.map((port) => newFan(port, contentId)));
  const answers = await Promise.all(fans.map((cookie, i) => like(ports[i]!, cookie)));
  expect(answers.map((a) => a.status)).toEqual(Array<number>(40).fill(200));
  // Both instances answer likes through the front door (server/front-door.ts), not Next.js.
  expect(answers.map((a) => a.headers["x-afterglow-front-door"])).toEqual(Array<string>(40).fill("1"));
  for (const port of [portA(), bPort]) {
    const summary = await call(port, `/api/content/${contentId}/engagement`, { cookie: fans[0] });
    expect((JSON.parse(summary.body) as { likes: number }).likes).toBe(40);
  }

  // One fan uses up its like limit (60 a minute) through A: B refuses the next one.
  const hammer = await newFan(portA(), contentId);
  const statuses: number[] = [];
  for (let i = 0; i < 60; i++) statuses.push((await like(portA(), hammer)).status);
  expect(statuses.every((status) => status === 200)).toBe(true);
  const refused = await like(bPort, hammer);
  expect(refused.status).toBe(429);
  expect(Number(refused.headers["retry-after"])).toBeGreaterThanOrEqual(1);
});
