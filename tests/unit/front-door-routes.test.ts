import { existsSync, readdirSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { COMPRESS_FROM_BYTES, FRONT_DOOR_HEADER, frontDoor, routesOf } from "@/server/front-door";
import { engagementHandlers } from "@/lib/surfaces/fan-api/http";

/**
 * The front door (server/front-door.ts) answers some of app/api/content/[id]/*\/route.ts without
 * Next.js's router, from a table of its own: each route it claims must be a route file, at the
 * same URL, whose export for that method is the same handler (both take them from
 * `engagementHandlers`, lib/surfaces/fan-api/). A route folder renamed or a method removed on
 * one side alone fails here.
 */
type Handlers = ReturnType<typeof engagementHandlers>;

/** Every engagement handler, replaced by one that answers its own name. */
const tagged = vi.hoisted(() => ({ handlers: {} as Record<string, unknown> }));
vi.mock("@/lib/surfaces/fan-api/server", () => ({ engagementRoutes: tagged.handlers }));

const names = Object.keys(
  engagementHandlers({
    limits: {
      windowSeconds: 60,
      perVisitor: { like: 1, comment: 1, share: 1, download: 1, view: 1, watchTime: 1 },
      anonPerIp: 1,
      newVisitorsPerIp: 1,
    },
    clientIp: { trustProxy: false, trustedProxies: [] },
    ipSecret: "test",
    secureCookie: false,
  }),
);
for (const name of names) tagged.handlers[name] = async () => new Response(name);
const api = tagged.handlers as Handlers;

const contentApi = path.join(import.meta.dirname, "../../app/api/content/[id]");
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/** A route file's method exports (with the engagement handlers replaced by the tagged ones). */
async function routeExports(action: string): Promise<Record<string, unknown> | null> {
  const file = path.join(contentApi, action, "route.ts");
  if (!existsSync(file)) return null;
  const route = (await import(file)) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(route).filter(([name]) => METHODS.includes(name)));
}

const claimed = Object.entries(routesOf(api)).flatMap(([action, methods]) =>
  Object.entries(methods).map(([method, handler]) => ({ action, method, handler })),
);

describe("the front door's routes", () => {
  it("claims some routes, each an engagement handler", () => {
    expect(claimed.length).toBeGreaterThan(0);
    for (const { action, method, handler } of claimed)
      expect(Object.values(api), `${method} ${action}`).toContain(handler);
  });

  it("are route files of app/api/content/[id], whose export for the method is the same handler", async () => {
    for (const { action, method, handler } of claimed) {
      const exports = await routeExports(action);
      expect(exports, `app/api/content/[id]/${action}/route.ts is missing`).not.toBeNull();
      expect(exports![method], `${method} /api/content/{id}/${action}`).toBe(handler);
    }
  });

  it("leave every other route file's methods to Next.js, each still one of the shared handlers", async () => {
    const folders = readdirSync(contentApi, { withFileTypes: true }).filter((entry) => entry.isDirectory());
    expect(folders.map((folder) => folder.name)).toEqual(
      expect.arrayContaining([...new Set(claimed.map((route) => route.action))]),
    );
    for (const folder of folders) {
      const exports = await routeExports(folder.name);
      expect(exports, `${folder.name}/route.ts`).not.toBeNull();
      for (const [method, handler] of Object.entries(exports!))
        expect(Object.values(api), `${method} ${folder.name}`).toContain(handler);
    }
  });
});

describe("the front door at those URLs", () => {
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    const door = frontDoor(api);
    server = http.createServer((req, res) => {
      if (door.serve(req, res)) return;
      res.writeHead(404);
      res.end("next");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it("answers each claimed route with its handler, and leaves the route files' other methods to Next.js", async () => {
    const folders = readdirSync(contentApi, { withFileTypes: true }).filter((entry) => entry.isDirectory());
    for (const folder of folders) {
      for (const method of ["GET", "POST"]) {
        const route = claimed.find((r) => r.action === folder.name && r.method === method);
        const answer = await fetch(`${base}/api/content/c-1/${folder.name}`, { method });
        const expected = route ? names.find((name) => api[name as keyof Handlers] === route.handler) : "next";
        expect(await answer.text(), `${method} ${folder.name}`).toBe(expected);
        expect(answer.headers.get(FRONT_DOOR_HEADER), `${method} ${folder.name}`).toBe(route ? "1" : null);
      }
    }
  });
});

describe("the front door's compression threshold", () => {
  it("is the one of the compressor in front of Next.js (server/next-server.mjs)", async () => {
    // The package next-server.mjs uses, with the options it gives (none about size).
    const compression = createRequire(import.meta.url)("compression") as () => (
      req: http.IncomingMessage,
      res: http.ServerResponse,
      next: () => void,
    ) => void;
    const compress = compression();
    const server = http.createServer((req, res) => {
      const size = Number(new URL(req.url!, "http://x").searchParams.get("size"));
      compress(req, res, () => {
        res.setHeader("content-type", "application/json");
        res.end("x".repeat(size));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const encoding = async (size: number) =>
        (await fetch(`${base}/?size=${size}`, { headers: { "accept-encoding": "gzip" } })).headers.get(
          "content-encoding",
        );
      expect(await encoding(COMPRESS_FROM_BYTES - 1)).toBeNull();
      expect(await encoding(COMPRESS_FROM_BYTES)).toBe("gzip");
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
