import http from "node:http";
import net, { type AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FRONT_DOOR_HEADER, frontDoor } from "@/server/front-door";
import { engagementHandlers, MAX_BODY_BYTES } from "@/lib/surfaces/fan-api/http";
import type { EngagementLimits } from "@/lib/platform/visitors/limits";
import { signedVisitorId } from "@/lib/platform/visitors/visitor";
import { C, engagementTestEnv, type EngagementTestEnv } from "./support/engagement";

/**
 * The front door (server/front-door.ts) in a real HTTP server, as server/next-server.mjs
 * runs it, with the client-address preload `npm start` loads: what it answers is the route
 * handlers' answer with the API's headers, and what it does not take falls through (here to a
 * 404 marked `x-fell-through`, in production to Next.js).
 */
let env: EngagementTestEnv;
const servers: http.Server[] = [];

const roomyLimits: EngagementLimits = {
  windowSeconds: 60,
  perVisitor: { like: 50, comment: 5, share: 50, download: 50, view: 50, watchTime: 50 },
  anonPerIp: 200,
  newVisitorsPerIp: 200,
};

/** A server with a front door of its own; `ipSecret` keeps its per-address buckets apart. */
async function doorServer(
  options: { limits?: EngagementLimits; ipSecret?: string; bodyTimeoutMs?: number } = {},
): Promise<string> {
  const door = frontDoor(
    engagementHandlers({
      limits: options.limits ?? roomyLimits,
      clientIp: { trustProxy: false, trustedProxies: [] },
      ipSecret: options.ipSecret ?? "test-secret",
      secureCookie: false,
    }),
    { bodyTimeoutMs: options.bodyTimeoutMs },
  );
  const server = http.createServer((req, res) => {
    if (door.serve(req, res)) return;
    res.writeHead(404, { "x-fell-through": "1" });
    res.end();
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

let base: string;

beforeAll(async () => {
  // As `npm start` preloads it into the server process: X-Forwarded-For is the socket's address.
  await import(pathToFileURL(path.resolve("server/client-address-preload.mjs")).href);
  env = await engagementTestEnv();
  base = await doorServer();
});
afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  await env?.close();
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  text: string;
  reusedSocket: boolean;
}

/** A request through node:http, so the test controls framing and headers exactly. */
function call(
  method: string,
  target: string,
  options: {
    body?: string | Buffer;
    headers?: Record<string, string>;
    chunked?: boolean;
    agent?: http.Agent;
    at?: string;
  } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${options.at ?? base}${target}`,
      { method, headers: options.headers, agent: options.agent ?? false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body,
            text: body.toString(),
            reusedSocket: request.reusedSocket,
          });
        });
      },
    );
    request.on("error", reject);
    if (options.body !== undefined && options.chunked) {
      // Written in pieces without a declared length: the cap must count what arrives.
      const body = Buffer.from(options.body);
      for (let i = 0; i < body.length; i += 4096) request.write(body.subarray(i, i + 4096));
      request.end();
    } else request.end(options.body);
  });
}

/** Raw bytes on a socket: what comes back, and whether the server closed it. */
function rawExchange(
  at: string,
  bytes: string,
  { endAfterMs = 3_000 }: { endAfterMs?: number } = {},
): Promise<{ text: string; closedByServer: boolean }> {
  const { hostname, port } = new URL(at);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(bytes));
    let text = "";
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ text, closedByServer: false });
    }, endAfterMs);
    socket.on("data", (chunk) => (text += chunk.toString()));
    socket.on("end", () => {
      clearTimeout(timer);
      resolve({ text, closedByServer: true });
    });
    socket.on("error", reject);
  });
}

const json = { "content-type": "application/json" };
const cookieOf = (answer: Answer) => (answer.headers["set-cookie"]?.[0] ?? "").split(";")[0]!;

/** What next.config.ts gives an `/api/…` answer (its `headers()` rules for `/:path*` and `/api/:path*`). */
async function nextConfigApiHeaders(): Promise<Record<string, string>> {
  const config = (await import("@/next.config")).default;
  const rules = (await config.headers!()).filter((rule) => ["/:path*", "/api/:path*"].includes(rule.source));
  expect(rules).toHaveLength(2);
  return Object.fromEntries(rules.flatMap((rule) => rule.headers.map((h) => [h.key.toLowerCase(), h.value])));
}

describe("the front door", () => {
  it("answers a like as the route does, with next.config.ts's API headers and a visitor cookie", async () => {
    const liked = await call("POST", `/api/content/${C.open}/like`, { body: "{}", headers: json });
    expect(liked.status).toBe(200);
    expect(JSON.parse(liked.text)).toEqual({ liked: true, likes: 1 });
    expect(liked.headers[FRONT_DOOR_HEADER]).toBe("1");
    const expected = await nextConfigApiHeaders();
    expect(Object.keys(expected).length).toBeGreaterThanOrEqual(6);
    for (const [key, value] of Object.entries(expected))
      expect({ [key]: liked.headers[key] }).toEqual({ [key]: value });
    expect(liked.headers["cache-control"]).toBe("no-store");
    expect(liked.headers["content-type"]).toBe("application/json");
    expect(liked.headers["set-cookie"]).toHaveLength(1);
    expect(cookieOf(liked)).toMatch(/^ag_vid=[0-9a-f-]{36}\.[\w-]{22}$/);

    // The cookie it issued is the visitor's: the state says liked, and a toggle takes it back.
    const cookie = cookieOf(liked);
    const state = await call("GET", `/api/content/${C.open}/engagement`, { headers: { cookie } });
    expect(JSON.parse(state.text)).toMatchObject({ likes: 1, liked: true });
    expect(state.headers["set-cookie"]).toBeUndefined();
    const unliked = await call("POST", `/api/content/${C.open}/like`, { headers: { cookie } });
    expect(JSON.parse(unliked.text)).toEqual({ liked: false, likes: 0 });
  });

  it("writes a handler's JSON answer as it is: the route file's Response has the same status, headers and text", async () => {
    const api = engagementHandlers({
      limits: roomyLimits,
      clientIp: { trustProxy: false, trustedProxies: [] },
      ipSecret: "answer-secret",
      secureCookie: false,
    });
    const request = () =>
      new Request(`http://localhost/api/content/${C.open}/engagement`, {
        headers: { "x-forwarded-for": "203.0.113.9" },
      });
    const context = { params: Promise.resolve({ id: C.open }) };
    // What the front door writes: no Web Response made and read back (lib/surfaces/fan-api/answer.ts).
    const answer = await api.summary.answer!(request(), context);
    expect(answer).not.toBeInstanceOf(Response);
    const route = await api.summary(request(), context);
    if (answer instanceof Response) throw new Error("a Response");
    expect(answer.status).toBe(route.status);
    expect(JSON.parse(answer.body)).toEqual(await route.json());
    expect(route.headers.get("content-type")).toBe("application/json");
    expect(route.headers.get("cache-control")).toBe("no-store");
    expect(answer.headers).toContainEqual(["Cache-Control", "no-store"]);
    // Both issued a new visitor's cookie.
    expect(answer.headers.filter(([name]) => name === "Set-Cookie")).toHaveLength(1);
    expect(route.headers.getSetCookie()).toHaveLength(1);
    // Over the door: one Content-Type, the cookie, the same JSON.
    const state = await call("GET", `/api/content/${C.open}/engagement`);
    expect(state.headers["content-type"]).toBe("application/json");
    expect(state.headers["set-cookie"]).toHaveLength(1);
    expect(JSON.parse(state.text)).toEqual(JSON.parse(answer.body));
  });

  it("posts and lists comments, with the list's query, gzipped from 1 KB when the client takes it", async () => {
    const cookie = `ag_vid=${signedVisitorId("7f0c8a52-1b0e-4d5e-9a43-0c6f2d1e9b77")}`;
    const posted = await call("POST", `/api/content/${C.open}/comments`, {
      body: JSON.stringify({ text: "Que noite! ".repeat(90).trim(), name: "Ana", rating: 5 }),
      headers: { ...json, cookie },
    });
    expect(posted.status).toBe(201);
    const list = await call("GET", `/api/content/${C.open}/comments?limit=1`, {
      headers: { cookie, "accept-encoding": "br, gzip" },
    });
    expect(list.status).toBe(200);
    expect(list.headers["content-encoding"]).toBe("gzip");
    expect(list.headers.vary).toBe("Accept-Encoding");
    const page = JSON.parse(gunzipSync(list.body).toString()) as { comments: { text: string }[] };
    expect(page.comments.map((comment) => comment.text.slice(0, 10))).toEqual(["Que noite!"]);

    const refused = await call("GET", `/api/content/${C.open}/comments?limit=1`, {
      headers: { cookie, "accept-encoding": "gzip;q=0, identity" },
    });
    expect(refused.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(refused.text)).toEqual(page);
    // A small answer is sent as it is.
    const small = await call("GET", `/api/content/${C.open}/engagement`, {
      headers: { "accept-encoding": "gzip" },
    });
    expect(small.headers["content-encoding"]).toBeUndefined();
  });

  it("maps errors as the route does: unknown content, another origin, a broken body", async () => {
    const missing = await call("POST", "/api/content/c-missing/like", { body: "{}", headers: json });
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.text)).toMatchObject({ code: "not_found" });
    expect(missing.headers[FRONT_DOOR_HEADER]).toBe("1");

    const forged = await call("POST", `/api/content/${C.open}/like`, {
      body: "{}",
      headers: { ...json, origin: "https://evil.example" },
    });
    expect(forged.status).toBe(403);

    const broken = await call("POST", `/api/content/${C.open}/like`, { body: "{not json", headers: json });
    expect(broken.status).toBe(422);
  });

  it("limits a cookie-less client by its socket's address, whatever X-Forwarded-For it sends", async () => {
    // Regression: the Web Request was built from the raw headers, so a spoofed X-Forwarded-For
    // (two entries, or a new address each time) reached the limits and escaped them.
    const at = await doorServer({
      limits: { ...roomyLimits, anonPerIp: 3, newVisitorsPerIp: 3 },
      ipSecret: "spoof-test-secret",
    });
    const spoofs = ["1.1.1.1, 2.2.2.2", "10.9.8.1", "10.9.8.2", "not an address", "10.9.8.3"];
    const answers = [];
    for (const spoof of spoofs)
      answers.push(
        await call("POST", `/api/content/${C.open}/like`, { at, headers: { "x-forwarded-for": spoof } }),
      );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429, 429]);
    expect(answers.filter((a) => a.headers["set-cookie"]).length).toBe(3);
  });

  it("refuses a body over the cap, declared or streamed, and closes the connection", async () => {
    const large = Buffer.alloc(MAX_BODY_BYTES + 10, "a");
    const declared = await call("POST", `/api/content/${C.open}/comments`, { body: large, headers: json });
    expect(declared.status).toBe(413);
    expect(declared.headers.connection).toBe("close");
    const streamed = await call("POST", `/api/content/${C.open}/comments`, {
      body: large,
      headers: json,
      chunked: true,
    });
    expect(streamed.status).toBe(413);
    expect(streamed.headers.connection).toBe("close");

    // A body of exactly the cap is read whole; one byte more is refused.
    const padded = (bytes: number) => {
      const frame = JSON.stringify({ liked: true, pad: "" });
      return JSON.stringify({ liked: true, pad: "x".repeat(bytes - frame.length) });
    };
    expect(Buffer.byteLength(padded(MAX_BODY_BYTES))).toBe(MAX_BODY_BYTES);
    for (const chunked of [false, true]) {
      const atCap = await call("POST", `/api/content/${C.open}/like`, {
        body: padded(MAX_BODY_BYTES),
        headers: json,
        chunked,
      });
      expect(atCap.status).toBe(200);
      const over = await call("POST", `/api/content/${C.open}/like`, {
        body: padded(MAX_BODY_BYTES + 1),
        headers: json,
        chunked,
      });
      expect(over.status).toBe(413);
    }

    // The server really closes the socket (the unread rest of the body must not be read as a request).
    const raw = await rawExchange(
      base,
      `POST /api/content/${C.open}/comments HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n` +
        `${(MAX_BODY_BYTES + 100).toString(16)}\r\n${"a".repeat(MAX_BODY_BYTES + 100)}\r\n`,
    );
    expect(raw.text).toMatch(/^HTTP\/1\.1 413 /);
    expect(raw.closedByServer).toBe(true);
  });

  it("keeps a connection alive between answers, and survives a client gone mid-body", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const first = await call("GET", `/api/content/${C.open}/engagement`, { agent });
    const second = await call("POST", `/api/content/${C.open}/views`, { agent, body: "{}", headers: json });
    expect([first.status, second.status]).toEqual([200, 202]);
    expect(second.reusedSocket).toBe(true);
    agent.destroy();

    // Half a body, then the client hangs up: no answer is owed, and the server carries on.
    await new Promise<void>((resolve) => {
      const { port } = new URL(base);
      const socket = net.connect(Number(port), "127.0.0.1", () => {
        socket.write(
          `POST /api/content/${C.open}/like HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"li`,
        );
        setTimeout(() => socket.destroy(), 50);
        socket.on("close", () => resolve());
      });
    });
    expect((await call("GET", `/api/content/${C.open}/engagement`)).status).toBe(200);
  });

  it("answers 408 to a body that stops arriving", async () => {
    const at = await doorServer({ bodyTimeoutMs: 200 });
    const raw = await rawExchange(
      at,
      `POST /api/content/${C.open}/like HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"li`,
    );
    expect(raw.text).toMatch(/^HTTP\/1\.1 408 /);
    expect(raw.text.toLowerCase()).toContain("x-content-type-options: nosniff");
    expect(raw.closedByServer).toBe(true);
  });

  it("leaves everything else to Next.js", async () => {
    const others: [string, string, Record<string, string>?][] = [
      ["HEAD", `/api/content/${C.open}/engagement`],
      ["PUT", `/api/content/${C.open}/like`],
      ["DELETE", `/api/content/${C.open}/comments`],
      ["GET", `/api/content/${C.open}/like`],
      ["POST", `/api/content/${C.open}/like/`],
      ["POST", `/api/content/${C.open}/downloads`],
      ["POST", `/api/content/a/b/like`],
      ["POST", `/api/content/%E0%A4%A/like`],
      ["POST", `/api/content/../like`],
      ["POST", `/api/content/%2e%2e/like`],
      ["POST", `/api/content/./like`],
      ["POST", `/api/content/a%2Fb/like`],
      ["GET", `/api/content/${C.open}/__proto__`],
      ["GET", `/api/content/${C.open}/constructor`],
      ["POST", `/api/admin/content/${C.open}/like`],
      ["GET", `/`],
      ["POST", `/api/content/${C.open}/like`, { host: "user:secret@app.test" }],
    ];
    for (const [method, target, headers] of others) {
      const answer = await call(method, target, { headers });
      expect({ method, target, fellThrough: answer.headers["x-fell-through"] }).toEqual({
        method,
        target,
        fellThrough: "1",
      });
    }
  });
});
