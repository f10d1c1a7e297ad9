import { hashPassword } from "better-auth/crypto";
import { simpleParser } from "mailparser";
import { randomUUID } from "node:crypto";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { expect, vi } from "vitest";
import { createPrismaClient, type PrismaClient } from "@/lib/core/db-client";
import type { Role } from "@/lib/generated/prisma/enums";
import { setRequestHeaders } from "./next-mocks";

/**
 * The real auth stack (lib/auth, lib/core/db, lib/core/mail) against a database of its own: the
 * environment lib/core/env reads is set first, then the app modules are imported. Requests go
 * through the same handler as /api/auth/*, with a small cookie jar per "browser".
 */
export const APP_URL = "http://localhost:3999";
export const PASSWORD = "Str0ng!Pass";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The first link to the app in the text part. */
  link: string;
}

export class Browser {
  readonly cookies = new Map<string, string>();
  constructor(
    private readonly handle: (request: Request) => Promise<Response>,
    readonly locale?: string,
    readonly appUrl: string = APP_URL,
  ) {}

  cookieHeader(): string {
    const pairs = [...this.cookies].map(([k, v]) => `${k}=${v}`);
    if (this.locale) pairs.push(`NEXT_LOCALE=${this.locale}`);
    return pairs.join("; ");
  }

  /** Request headers as the browser would send them to the app (own Origin, cookies). */
  headers(extra: Record<string, string> = {}): Headers {
    const headers = new Headers({ origin: this.appUrl, ...extra });
    const cookie = this.cookieHeader();
    if (cookie) headers.set("cookie", cookie);
    return headers;
  }

  async fetch(
    pathname: string,
    init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) {
    const url = pathname.startsWith("http") ? pathname : `${this.appUrl}/api/auth${pathname}`;
    const headers = this.headers(init.headers);
    if (init.body !== undefined) headers.set("content-type", "application/json");
    const response = await this.handle(
      new Request(url, {
        method: init.method ?? (init.body === undefined ? "GET" : "POST"),
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        redirect: "manual",
      }),
    );
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  signIn(email: string, password = PASSWORD) {
    return this.fetch("/sign-in/email", { body: { email, password } });
  }
}

export interface AuthHarness {
  prisma: PrismaClient;
  dataDir: string;
  handle: (request: Request) => Promise<Response>;
  browser(locale?: string): Browser;
  /**
   * Signs `email` in through the real endpoint and makes the next "requests" (server actions,
   * the guard, `next/headers`) carry its cookie, as Next does for that browser.
   */
  actAs(email: string, locale?: string): Promise<Browser>;
  createUser(options: {
    email: string;
    name?: string;
    password?: string;
    verified?: boolean;
    role?: Role;
    companyId?: string | null;
    withProfile?: boolean;
  }): Promise<string>;
  waitForMail(to: string, subjectIncludes?: string): Promise<Mail>;
  close(): Promise<void>;
}

export async function startAuthHarness(
  options: { idleMinutes?: number; appUrl?: string } = {},
): Promise<AuthHarness> {
  const appUrl = options.appUrl ?? APP_URL;
  // The file's own database (support/file-services.ts set DATABASE_URL before any import).
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error("DATABASE_URL is not set: is support/file-services.ts a setup file?");
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "afterglow-auth-"));
  process.env.DATA_DIR = dataDir;
  process.env.APP_URL = appUrl;
  process.env.SESSION_IDLE_MINUTES = String(options.idleMinutes ?? 30);
  delete process.env.SMTP_URL;
  delete process.env.BETTER_AUTH_SECRET;

  // lib/core/env parses the environment once, when first imported (test support may have already).
  vi.resetModules();
  const { handleAuthRequest } = await import("@/lib/platform/auth/handler");
  const prisma = createPrismaClient(databaseUrl);
  const seen = new Set<string>();

  return {
    prisma,
    dataDir,
    handle: handleAuthRequest,
    browser: (locale) => new Browser(handleAuthRequest, locale, appUrl),
    async actAs(email, locale = "en") {
      const browser = new Browser(handleAuthRequest, locale, appUrl);
      expect((await browser.signIn(email)).status).toBe(200);
      setRequestHeaders(browser.headers());
      return browser;
    },
    // The same rows the demo seed writes: Better Auth's scrypt hash in a "credential" account.
    async createUser({
      email,
      name = "Test User",
      password = PASSWORD,
      verified = true,
      role,
      companyId,
      withProfile,
    }) {
      const id = randomUUID();
      await prisma.user.create({ data: { id, email, name, emailVerified: verified } });
      await prisma.account.create({
        data: {
          id: randomUUID(),
          accountId: id,
          providerId: "credential",
          userId: id,
          password: await hashPassword(password),
        },
      });
      if (withProfile || role || companyId) {
        await prisma.profile.create({
          data: { userId: id, displayName: name, role: role ?? "user", companyId: companyId ?? null },
        });
      }
      return id;
    },
    async waitForMail(to, subjectIncludes) {
      const dir = path.join(dataDir, "mail");
      for (let waited = 0; waited < 10_000; waited += 50) {
        const files = await readdir(dir).catch(() => [] as string[]);
        for (const file of files.filter((f) => f.endsWith(".eml")).sort()) {
          if (seen.has(file)) continue;
          const parsed = await simpleParser(await readFile(path.join(dir, file)));
          const address = Array.isArray(parsed.to) ? parsed.to[0]?.text : parsed.to?.text;
          if (address !== to || (subjectIncludes && !parsed.subject?.includes(subjectIncludes))) continue;
          seen.add(file);
          const text = parsed.text ?? "";
          const link = /https?:\/\/\S+/.exec(text)?.[0] ?? "";
          return { to: address, subject: parsed.subject ?? "", text, html: String(parsed.html || ""), link };
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`no e-mail to ${to}${subjectIncludes ? ` about "${subjectIncludes}"` : ""}`);
    },
    async close() {
      const globals = globalThis as Record<string, unknown>;
      const prismaSingleton = globals.afterglowPrisma as PrismaClient | undefined;
      await prismaSingleton?.$disconnect();
      for (const key of ["afterglowPrisma", "afterglowAuth", "afterglowMailer"]) delete globals[key];
      await prisma.$disconnect();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
