import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { applyKeepAlive, HEADERS_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS } from "@/server/keep-alive.cjs";

/**
 * The production server holds idle keep-alive connections longer than the clients in front of
 * it (server/keep-alive.cjs): with Node's 5 s, a client that reused its pooled connection a few
 * seconds after the previous request got ECONNRESET (CI: a second CSV download in
 * admin-analytics.spec.ts; in production, a proxy's 502).
 */
const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

async function listen(server: http.Server): Promise<number> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

function get(port: number, agent: http.Agent): Promise<{ status: number; socketId: unknown }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port, path: "/", agent }, (res) => {
      res.resume();
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, socketId: (req.socket as { id?: unknown }).id }),
      );
    });
    req.on("error", reject);
  });
}

describe("keep-alive", () => {
  it("outlasts the 60 s idle timeout of proxies and load balancers, headers timeout above it", () => {
    expect(KEEP_ALIVE_TIMEOUT_MS).toBeGreaterThan(60_000);
    expect(HEADERS_TIMEOUT_MS).toBeGreaterThan(KEEP_ALIVE_TIMEOUT_MS);
    const server = applyKeepAlive(http.createServer());
    expect(server.keepAliveTimeout).toBe(KEEP_ALIVE_TIMEOUT_MS);
    expect(server.headersTimeout).toBe(HEADERS_TIMEOUT_MS);
  });

  it("is outlasted by the shipped Caddy configuration's own idle time (the proxy lets go first)", () => {
    const caddyfile = readFileSync(path.join(import.meta.dirname, "../../deploy/Caddyfile"), "utf8");
    const proxies = caddyfile.match(/^\s*reverse_proxy /gm) ?? [];
    const idle = [...caddyfile.matchAll(/^\s*keepalive (\d+)s$/gm)].map((m) => Number(m[1]) * 1000);
    expect(proxies.length).toBeGreaterThan(0);
    expect(idle).toHaveLength(proxies.length);
    for (const ms of idle) expect(ms).toBeLessThan(KEEP_ALIVE_TIMEOUT_MS);
  });

  it("is applied by the production server", () => {
    const source = readFileSync(path.join(import.meta.dirname, "../../server/next-server.mjs"), "utf8");
    expect(source).toMatch(/applyKeepAlive\(server\)/);
  });

  // 7 s: Node closes an idle connection a little after its 5 s default, not at once.
  it("keeps a connection idle for longer than Node's 5 s default open for the next request", async () => {
    let sockets = 0;
    const server = applyKeepAlive(http.createServer((_req, res) => res.end("ok")));
    server.on("connection", (socket: { id?: number }) => {
      socket.id = ++sockets;
    });
    const port = await listen(server);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await get(port, agent);
      await new Promise((resolve) => setTimeout(resolve, 7_000));
      const second = await get(port, agent);
      expect([first.status, second.status]).toEqual([200, 200]);
      // The same connection: the server did not close it under the client.
      expect(sockets).toBe(1);
    } finally {
      agent.destroy();
    }
  }, 20_000);
});
