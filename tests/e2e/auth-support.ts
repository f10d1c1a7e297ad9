import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import path from "node:path";
import { expect, type BrowserContext, type Page } from "@playwright/test";
import { hashPassword } from "better-auth/crypto";
import { simpleParser } from "mailparser";
import pg from "pg";
import { generatePhoto } from "@/scripts/lib/demo-media";

/**
 * Helpers for the auth and admin end-to-end tests. Each test makes its own users (and, for
 * admins, its own company) straight in the database the runner started, so tests never
 * share sessions: the concurrent-session limit would otherwise end each other's.
 */

// Test infrastructure: scripts/e2e.ts passes these to Playwright.
const dataDir = process.env.E2E_DATA_DIR ?? "";
const databaseUrl = process.env.E2E_DATABASE_URL ?? "";
export const baseURL = process.env.E2E_BASE_URL ?? "http://localhost:3000";
export const PASSWORD = "E2e!Passw0rd";

/** A unique e-mail per call, so a test finds its own user or stored row. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@e2e.test`;
}

/** Runs one query against the database the runner started; returns its rows. */
export async function sql<T extends pg.QueryResultRow = pg.QueryResultRow>(
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

export async function createCompany(name: string): Promise<string> {
  const id = randomUUID();
  await sql(`insert into company (id, name, slug, "updatedAt") values ($1, $2, $3, now())`, [
    id,
    name,
    `e2e-${id.slice(0, 8)}`,
  ]);
  return id;
}

/**
 * A published event of `companyId` with a published photo gallery linked to it (no photos
 * yet), straight in the database; `name` names both. Returns their ids, the event's slug and
 * its public path under the company.
 */
export async function createPublishedGallery(
  companyId: string,
  name: string,
): Promise<{ eventId: string; contentId: string; eventSlug: string; publicPath: string }> {
  const [eventId, contentId] = [randomUUID(), randomUUID()];
  const eventSlug = `e2e-event-${eventId.slice(0, 8)}`;
  await sql(
    `insert into event (id, "companyId", slug, name, "startsAt", status, "updatedAt") values ($1, $2, $3, $4, now(), 'published', now())`,
    [eventId, companyId, eventSlug, name],
  );
  await sql(
    `insert into content (id, "companyId", title, kind, status, "updatedAt") values ($1, $2, $3, 'photo_gallery', 'published', now())`,
    [contentId, companyId, `${name} gallery`],
  );
  await sql(`insert into content_event ("contentId", "eventId") values ($1, $2)`, [contentId, eventId]);
  const [company] = await sql<{ slug: string }>(`select slug from company where id = $1`, [companyId]);
  return { eventId, contentId, eventSlug, publicPath: `/${company!.slug}/evento/${eventSlug}` };
}

/**
 * Uploads `count` generated festival photos (seeds `seed + 1…`) through the content edit page's
 * file input (`page` is on it), and waits until the worker has made every one ready. Returns the
 * media ids in upload order.
 */
export async function uploadPhotos(
  page: Page,
  contentId: string,
  count: number,
  seed: number,
): Promise<string[]> {
  const numbers = Array.from({ length: count }, (_, i) => i + 1);
  await page
    .locator('input[type="file"]')
    .first()
    .setInputFiles(
      await Promise.all(
        numbers.map(async (n) => ({
          name: `photo-${n}.jpg`,
          mimeType: "image/jpeg",
          buffer: await generatePhoto({ seed: seed + n, theme: "festival", width: 800, height: 600 }),
        })),
      ),
    );
  const ready = () =>
    sql<{ id: string }>(
      `select id from media_file where "contentId" = $1 and state = 'ready' order by position, "createdAt"`,
      [contentId],
    );
  await expect.poll(async () => (await ready()).length, { timeout: 90_000 }).toBe(count);
  return (await ready()).map((row) => row.id);
}

export async function demoCompanyId(): Promise<string> {
  const [row] = await sql<{ id: string }>(`select id from company where slug = 'demo'`);
  if (!row) throw new Error("the demo company is missing");
  return row.id;
}

// scrypt is slow on purpose: hash each distinct password once per worker.
const hashes = new Map<string, Promise<string>>();
const hashOf = (password: string) => {
  if (!hashes.has(password)) hashes.set(password, hashPassword(password));
  return hashes.get(password)!;
};

/** A confirmed account (as the seed writes them); with a profile when a role is given. */
export async function createUser(options: {
  email: string;
  name?: string;
  password?: string;
  role?: "admin" | "manager" | "user";
  companyId?: string;
}): Promise<string> {
  const id = randomUUID();
  const name = options.name ?? "E2E Person";
  await sql(
    `insert into "user" (id, name, email, "emailVerified", "updatedAt") values ($1, $2, $3, true, now())`,
    [id, name, options.email],
  );
  await sql(
    `insert into account (id, "accountId", "providerId", "userId", password, "updatedAt") values ($1, $2, 'credential', $2, $3, now())`,
    [randomUUID(), id, await hashOf(options.password ?? PASSWORD)],
  );
  if (options.role) {
    await sql(
      `insert into profile (id, "userId", "displayName", "companyId", role, "updatedAt") values ($1, $2, $3, $4, $5, now())`,
      [randomUUID(), id, name, options.companyId ?? null, options.role],
    );
  }
  return id;
}

/**
 * Gives the browser context a session for `email` without the sign-in endpoint, as a
 * signed-in user's browser holds one: a session row and the cookie Better Auth signs with
 * the app's secret (`npm start` keeps it in the data folder). For specs whose subject is not
 * signing in: every API sign-in from this machine shares the product's per-address sign-in
 * limit, so setup sign-ins would make specs fail each other as the suite grows.
 */
export async function startSession(context: BrowserContext, email: string): Promise<void> {
  const [user] = await sql<{ id: string }>(`select id from "user" where email = $1`, [email]);
  if (!user) throw new Error(`no user ${email}`);
  const token = randomBytes(24).toString("base64url");
  await sql(
    `insert into session (id, token, "userId", "expiresAt", "updatedAt", "userAgent")
     values ($1, $2, $3, now() + interval '1 day', now(), 'e2e')`,
    [randomUUID(), token, user.id],
  );
  const secret = (await readFile(path.join(dataDir, "auth-secret"), "utf8")).trim();
  const signature = createHmac("sha256", secret).update(token).digest("base64");
  await context.addCookies([
    { name: "afterglow.session_token", value: encodeURIComponent(`${token}.${signature}`), url: baseURL },
  ]);
}

/**
 * A company of its own with an admin whose session `context` holds (English pages): what a
 * spec about the admin area, not about signing in, starts from.
 */
export async function adminOfNewCompany(
  context: BrowserContext,
  companyName: string,
): Promise<{ companyId: string; email: string }> {
  await context.addCookies([{ name: "NEXT_LOCALE", value: "en", url: baseURL }]);
  const companyId = await createCompany(companyName);
  const email = uniqueEmail("admin");
  await createUser({ email, role: "admin", companyId });
  await startSession(context, email);
  return { companyId, email };
}

/**
 * Posts JSON to the app from `localAddress` (any 127.x.y.z is loopback): the app takes the
 * client address from the socket, so the request counts against that address's limits.
 */
export function postFrom(
  localAddress: string,
  pathname: string,
  json: unknown,
): Promise<{ status: number; setCookies: string[]; body: string }> {
  const url = new URL(pathname, baseURL);
  const body = JSON.stringify(json);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: "127.0.0.1",
        port: url.port,
        path: url.pathname,
        method: "POST",
        localAddress,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          origin: new URL(baseURL).origin,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            setCookies: response.headers["set-cookie"] ?? [],
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

let signIns = 0;

/**
 * Signs in through the real endpoint; the browser context gets the session cookie. Each call
 * comes from a loopback address of its own (127.0.1–250.x, apart from the 127.0.0.x that specs
 * testing the sign-in limits use), so these sign-ins never fill the per-address sign-in limit
 * that the browser's own sign-ins (all from 127.0.0.1) are checked against.
 */
export async function signInByApi(
  context: BrowserContext,
  email: string,
  password = PASSWORD,
): Promise<void> {
  signIns += 1;
  const from = `127.0.${1 + (signIns % 250)}.${1 + (process.pid % 250)}`;
  const response = await postFrom(from, "/api/auth/sign-in/email", { email, password });
  expect(response.status, response.body).toBe(200);
  await context.addCookies(
    response.setCookies
      .filter((header) => !/;\s*max-age=0\b/i.test(header))
      .map((header) => {
        const [pair = ""] = header.split(";");
        const at = pair.indexOf("=");
        return { name: pair.slice(0, at).trim(), value: pair.slice(at + 1).trim(), url: baseURL };
      }),
  );
}

export interface Mail {
  subject: string;
  text: string;
  html: string;
  link: string;
}

/** The newest e-mail to `to` in the outbox, waiting for it to arrive. */
export async function readMail(to: string, subjectIncludes?: string): Promise<Mail> {
  const dir = path.join(dataDir, "mail");
  for (let waited = 0; waited < 15_000; waited += 200) {
    const files = (await readdir(dir).catch(() => [] as string[]))
      .filter((f) => f.endsWith(".eml"))
      .sort()
      .reverse();
    for (const file of files) {
      const raw = await readFile(path.join(dir, file));
      // Cheap filter before parsing every message of a busy outbox.
      if (!raw.includes(to)) continue;
      const mail = await simpleParser(raw);
      const address = Array.isArray(mail.to) ? mail.to[0]?.text : mail.to?.text;
      if (address !== to || (subjectIncludes && !mail.subject?.includes(subjectIncludes))) continue;
      const text = mail.text ?? "";
      return {
        subject: mail.subject ?? "",
        text,
        html: String(mail.html || ""),
        link: /https?:\/\/\S+/.exec(text)?.[0] ?? "",
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no e-mail to ${to} in ${dir}`);
}
