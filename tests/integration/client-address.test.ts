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
const server = http.createServer((req, res) => {
  // Cookies set every way Node allows (Better Auth, Next.js, the front door and the
  // micro-cache use all three).
  if (req.url === "/write") {
    res.writeHead(200, { "set-cookie": ["ag_zip=t; Path=/", "afterglow.session_token=s; Path=/; HttpOnly"] });
  } else if (req.url === "/write-list") {
    res.writeHead(200, "OK", ["content-type", "application/json", "set-cookie", "ag_src=utm%3Ax; Path=/"]);
  } else {
    res.setHeader("set-cookie", ["NEXT_LOCALE=en; Path=/", "ag_vid=v; Path=/; Secure"]);
    res.appendHeader("set-cookie", "ag_src=utm%3Ax; Path=/");
  }
  res.end(JSON.stringify(req.headers));
});
server.listen(0, "127.0.0.1", () => console.log(server.address().port));
`;

let child: ChildProcess | undefined;
let stderr = "";
afterEach(() => {
  child?.kill();
  child = undefined;
});

async function startEcho(env: Record<string, string>): Promise<number> {
  const proc: ChildProcess = spawn(process.execPath, ["--input-type=module", "-e", echoServer], {
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "test", NODE_OPTIONS: `--import=${preload}`, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child = proc;
  stderr = "";
  proc.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    proc.once("error", reject);
    proc.once("exit", (code) => reject(new Error(`echo server exited (${code})`)));
    proc.stdout?.once("data", (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
  });
}

async function seen(port: number, headers: Record<string, string>): Promise<Headers> {
  return (await answer(port, headers)).seen;
}

/** What the handler saw, and the cookies it set as they left the server. */
async function answer(port: number, headers: Record<string, string>, pathname = "/") {
  const response = await fetch(`http://127.0.0.1:${port}${pathname}`, { headers });
  const cookies = response.headers.getSetCookie();
  return { seen: new Headers((await response.json()) as Record<string, string>), cookies };
}

const secure = (cookie: string) => /;\s*secure\s*(;|$)/i.test(cookie);

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

describe("the request's scheme comes from the socket or a trusted proxy (issue #34, row 3)", () => {
  it("with no trusted proxy, a client's X-Forwarded-Proto/Host/Forwarded are replaced or dropped", async () => {
    const port = await startEcho({});
    const { seen: headers, cookies } = await answer(port, {
      "x-forwarded-proto": "https",
      "x-forwarded-host": "evil.example",
      forwarded: "for=203.0.113.7;proto=https",
    });
    expect(headers.get("x-forwarded-proto")).toBe("http");
    expect(headers.get("x-forwarded-host")).toBeNull();
    expect(headers.get("forwarded")).toBeNull();
    // Plain HTTP: the cookies leave as the handler set them.
    expect(cookies.filter(secure).map((c) => c.split("=")[0])).toEqual(["ag_vid"]);
    expect(cookies).toHaveLength(3);
  });

  it("from a trusted proxy, its X-Forwarded-Proto counts and every cookie of the HTTPS answer is Secure", async () => {
    const port = await startEcho({ AUTH_TRUSTED_PROXIES: "127.0.0.1" });
    const proxied = { "x-forwarded-proto": "https", "x-forwarded-host": "fans.example" };
    const { seen: headers, cookies } = await answer(port, proxied);
    expect(headers.get("x-forwarded-proto")).toBe("https");
    expect(headers.get("x-forwarded-host")).toBe("fans.example");
    // setHeader and appendHeader, writeHead with an object and with a flat list: all Secure,
    // whatever the cookie (the language, the visitor, the source, the ZIP, the session).
    const written = (await answer(port, proxied, "/write")).cookies;
    const listed = (await answer(port, proxied, "/write-list")).cookies;
    const all = [...cookies, ...written, ...listed];
    expect(all.map((c) => c.split("=")[0])).toEqual([
      "NEXT_LOCALE",
      "ag_vid",
      "ag_src",
      "ag_zip",
      "afterglow.session_token",
      "ag_src",
    ]);
    expect(all.every(secure)).toBe(true);
    // Once each: a cookie that already said Secure is not marked twice.
    expect(all.every((c) => c.match(/secure/gi)?.length === 1)).toBe(true);
  });

  it("a proxy that is listed but not this socket's address is not believed", async () => {
    const port = await startEcho({ AUTH_TRUSTED_PROXIES: "10.0.0.0/8" });
    const { seen: headers, cookies } = await answer(port, { "x-forwarded-proto": "https" });
    expect(headers.get("x-forwarded-proto")).toBe("http");
    expect(cookies.filter(secure).map((c) => c.split("=")[0])).toEqual(["ag_vid"]);
  });
});

describe("a local proxy that is not trusted is reported once (issue #34, row 3)", () => {
  const warnings = () => stderr.split("\n").filter((line) => line.includes("not a trusted proxy"));

  it("warns once, naming the address and AUTH_TRUSTED_PROXIES", async () => {
    const port = await startEcho({});
    for (const header of ["x-forwarded-for", "forwarded", "x-forwarded-proto", "x-forwarded-for"])
      await answer(port, { [header]: header === "forwarded" ? "for=203.0.113.7" : "203.0.113.7" });
    await expect.poll(warnings).toHaveLength(1);
    expect(warnings()[0]).toContain("requests seen from 127.0.0.1");
    // The variable is named, never handed a value to paste (issue #34 review, L3).
    expect(warnings()[0]).toContain("AUTH_TRUSTED_PROXIES");
    expect(warnings()[0]).not.toMatch(/AUTH_TRUSTED_PROXIES=\S/);
  });

  it("says nothing without forwarded headers, or once a proxy is trusted", async () => {
    const cases: [Record<string, string>, Record<string, string>][] = [
      [{}, {}],
      [
        { AUTH_TRUSTED_PROXIES: "127.0.0.1" },
        { "x-forwarded-for": "203.0.113.7", "x-forwarded-proto": "https" },
      ],
      [{ TRUST_PROXY: "1" }, { "x-forwarded-for": "203.0.113.7" }],
      // A proxy is named, and this local sender is not it: a forger must not get its own
      // address recommended (its headers are ignored all the same).
      [{ AUTH_TRUSTED_PROXIES: "10.0.0.1" }, { "x-forwarded-for": "203.0.113.7" }],
    ];
    for (const [env, headers] of cases) {
      child?.kill();
      const port = await startEcho(env);
      await answer(port, headers);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(warnings(), JSON.stringify(env)).toEqual([]);
    }
  });
});
