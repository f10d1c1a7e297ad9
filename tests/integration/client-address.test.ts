import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { clientIp } from "@/lib/core/rate-limit/client-ip";

/**
 * Issue #12, hole 4: a client-supplied X-Forwarded-For was believed when no proxy is
 * trusted, so rotating it escaped the per-IP limits. `npm start` now preloads
 * server/client-address-preload.mjs into the Next server (through NODE_OPTIONS, as
 * scripts/start.ts does); here the same preload runs in front of a server that echoes the
 * headers a route handler would see.
 */
const preload = pathToFileURL(path.resolve("server/client-address-preload.mjs")).href;
const echoServer = `
import http from "node:http";
// As Next.js does with .env files: variables that appear after the preload was loaded.
if (process.env.LATE_TRUSTED_PROXIES) process.env.AUTH_TRUSTED_PROXIES = process.env.LATE_TRUSTED_PROXIES;
const server = http.createServer((req, res) => res.end(JSON.stringify(req.headers)));
server.listen(0, "127.0.0.1", () => console.log(server.address().port));
`;

let child: ChildProcess | undefined;
afterEach(() => {
  child?.kill();
  child = undefined;
});

async function startEcho(env: Record<string, string>): Promise<number> {
  const proc: ChildProcess = spawn(process.execPath, ["--input-type=module", "-e", echoServer], {
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "test", NODE_OPTIONS: `--import=${preload}`, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  child = proc;
  return new Promise((resolve, reject) => {
    proc.once("error", reject);
    proc.once("exit", (code) => reject(new Error(`echo server exited (${code})`)));
    proc.stdout?.once("data", (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
  });
}

async function seen(port: number, headers: Record<string, string>): Promise<Headers> {
  const response = await fetch(`http://127.0.0.1:${port}/`, { headers });
  return new Headers((await response.json()) as Record<string, string>);
}

const direct = { trustProxy: false, trustedProxies: [] };

describe("the client's address comes from the socket, not from X-Forwarded-For", () => {
  it("with no trusted proxy, drops the client's X-Forwarded-For and X-Real-IP", async () => {
    const port = await startEcho({});
    for (const forged of ["203.0.113.7", "198.51.100.1, 203.0.113.7", "not-an-ip"]) {
      const headers = await seen(port, { "x-forwarded-for": forged, "x-real-ip": "203.0.113.9" });
      expect(headers.get("x-forwarded-for")).toBe("127.0.0.1");
      expect(headers.get("x-real-ip")).toBeNull();
      expect(clientIp(headers, direct)).toBe("127.0.0.1");
    }
    expect(clientIp(await seen(port, {}), direct)).toBe("127.0.0.1");
  });

  it("reads its settings per request, so a variable loaded after it (a .env file) counts (review finding)", async () => {
    const port = await startEcho({ LATE_TRUSTED_PROXIES: "10.0.0.0/8" });
    const headers = await seen(port, { "x-forwarded-for": "203.0.113.7" });
    expect(headers.get("x-forwarded-for")).toBe("203.0.113.7, 127.0.0.1");
  });

  it("with trusted proxies, appends the socket hop: a direct client cannot pose as a proxy", async () => {
    const port = await startEcho({ AUTH_TRUSTED_PROXIES: "10.0.0.0/8" });
    const headers = await seen(port, { "x-forwarded-for": "203.0.113.7, 10.0.0.2" });
    expect(headers.get("x-forwarded-for")).toBe("203.0.113.7, 10.0.0.2, 127.0.0.1");
    expect(clientIp(headers, { trustProxy: false, trustedProxies: ["10.0.0.0/8"] })).toBe("127.0.0.1");
    // The loopback proxy itself trusted: the right-most untrusted hop is the client.
    expect(clientIp(headers, { trustProxy: false, trustedProxies: ["10.0.0.0/8", "127.0.0.1"] })).toBe(
      "203.0.113.7",
    );
  });

  it("with TRUST_PROXY (a proxy in front replaces the header), leaves it as the proxy set it", async () => {
    const port = await startEcho({ TRUST_PROXY: "1" });
    const headers = await seen(port, { "x-forwarded-for": "203.0.113.7" });
    expect(headers.get("x-forwarded-for")).toBe("203.0.113.7");
  });
});
