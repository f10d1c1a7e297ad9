import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FRONT_DOOR_HEADER, frontDoor } from "@/lib/engagement/front-door";
import { engagementHandlers, MAX_BODY_BYTES } from "@/lib/engagement/http";
import { signedVisitorId } from "@/lib/engagement/visitor";
import { apiHeaders } from "@/lib/http/response-headers";
import { C, engagementTestEnv, type EngagementTestEnv } from "./support/engagement";

/**
 * The front door (lib/engagement/front-door.ts) in a real HTTP server, as scripts/lib/next-server.mjs
 * runs it: what it answers is the route handlers' answer with the API's headers, and what it
 * does not take falls through (here to a 404 marked `x-fell-through`, in production to Next.js).
 */
let env: EngagementTestEnv;
let server: http.Server;
let base: string;

beforeAll(async () => {
  env = await engagementTestEnv();
  const door = frontDoor(
    engagementHandlers({
      limits: {
        windowSeconds: 60,
        perVisitor: { like: 50, comment: 5, share: 50, download: 50, view: 50, watchTime: 50 },
        anonPerIp: 50,
        newVisitorsPerIp: 50,
      },
      clientIp: { trustProxy: false, trustedProxies: [] },
      ipSecret: "test-secret",
      secureCookie: false,
    }),
  );
  server = http.createServer((req, res) => {
    if (door.serve(req, res)) return;
    res.writeHead(404, { "x-fell-through": "1" });
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await env?.close();
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A raw request (node:http, so the test controls framing and headers exactly). */
function call(
  method: string,
  path: string,
  options: { body?: string | Buffer; headers?: Record<string, string>; chunked?: boolean } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${base}${path}`,
      { method, headers: options.headers, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
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

const json = { "content-type": "application/json" };
const cookieOf = (answer: Answer) => (answer.headers["set-cookie"]?.[0] ?? "").split(";")[0]!;

describe("the front door", () => {
  it("answers a like as the route does, with the API's headers and a visitor cookie", async () => {
    const liked = await call("POST", `/api/content/${C.open}/like`, { body: "{}", headers: json });
    expect(liked.status).toBe(200);
    expect(JSON.parse(liked.body)).toEqual({ liked: true, likes: 1 });
    expect(liked.headers[FRONT_DOOR_HEADER]).toBe("1");
    for (const { key, value } of apiHeaders) expect(liked.headers[key.toLowerCase()]).toBe(value);
    expect(liked.headers["cache-control"]).toBe("no-store");
    expect(liked.headers["content-type"]).toBe("application/json");
    expect(liked.headers["set-cookie"]).toHaveLength(1);
    expect(cookieOf(liked)).toMatch(/^ag_vid=[0-9a-f-]{36}\.[\w-]{22}$/);

    // The cookie it issued is the visitor's: the state says liked, and a toggle takes it back.
    const cookie = cookieOf(liked);
    const state = await call("GET", `/api/content/${C.open}/engagement`, { headers: { cookie } });
    expect(JSON.parse(state.body)).toMatchObject({ likes: 1, liked: true });
    expect(state.headers["set-cookie"]).toBeUndefined();
    const unliked = await call("POST", `/api/content/${C.open}/like`, { headers: { cookie } });
    expect(JSON.parse(unliked.body)).toEqual({ liked: false, likes: 0 });
  });

  it("posts and lists comments, with the list's query", async () => {
    const cookie = `ag_vid=${signedVisitorId("7f0c8a52-1b0e-4d5e-9a43-0c6f2d1e9b77")}`;
    const posted = await call("POST", `/api/content/${C.open}/comments`, {
      body: JSON.stringify({ text: "Que noite!", name: "Ana", rating: 5 }),
      headers: { ...json, cookie },
    });
    expect(posted.status).toBe(201);
    const list = await call("GET", `/api/content/${C.open}/comments?limit=1`, { headers: { cookie } });
    expect(list.status).toBe(200);
    const page = JSON.parse(list.body) as { comments: { text: string }[] };
    expect(page.comments.map((comment) => comment.text)).toEqual(["Que noite!"]);
  });

  it("maps errors as the route does: unknown content, another origin, a broken body", async () => {
    const missing = await call("POST", "/api/content/c-missing/like", { body: "{}", headers: json });
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.body)).toMatchObject({ code: "not_found" });
    expect(missing.headers[FRONT_DOOR_HEADER]).toBe("1");

    const forged = await call("POST", `/api/content/${C.open}/like`, {
      body: "{}",
      headers: { ...json, origin: "https://evil.example" },
    });
    expect(forged.status).toBe(403);

    const broken = await call("POST", `/api/content/${C.open}/like`, { body: "{not json", headers: json });
    expect(broken.status).toBe(422);
  });

  it("refuses a body over the cap, declared or streamed, and closes the connection", async () => {
    const large = Buffer.alloc(MAX_BODY_BYTES + 10, "a");
    const declared = await call("POST", `/api/content/${C.open}/comments`, { body: large, headers: json });
    expect(declared.status).toBe(422);
    expect(declared.headers.connection).toBe("close");
    const streamed = await call("POST", `/api/content/${C.open}/comments`, {
      body: large,
      headers: json,
      chunked: true,
    });
    expect(streamed.status).toBe(422);
    expect(streamed.headers.connection).toBe("close");
    // A body at the cap is read whole (a comment that long is refused by its schema, not the cap).
    const atCap = await call("POST", `/api/content/${C.open}/like`, {
      body: JSON.stringify({ liked: true, pad: "x".repeat(MAX_BODY_BYTES - 30) }),
      headers: json,
    });
    expect(atCap.status).toBe(200);
  });

  it("leaves everything else to Next.js", async () => {
    const others: [string, string][] = [
      ["HEAD", `/api/content/${C.open}/engagement`],
      ["PUT", `/api/content/${C.open}/like`],
      ["DELETE", `/api/content/${C.open}/comments`],
      ["GET", `/api/content/${C.open}/like`],
      ["POST", `/api/content/${C.open}/like/`],
      ["POST", `/api/content/${C.open}/downloads`],
      ["POST", `/api/content/a/b/like`],
      ["POST", `/api/content/%E0%A4%A/like`],
      ["GET", `/api/content/${C.open}/__proto__`],
      ["GET", `/api/content/${C.open}/constructor`],
      ["POST", `/api/admin/content/${C.open}/like`],
      ["GET", `/`],
    ];
    for (const [method, path] of others) {
      const answer = await call(method, path);
      expect({ method, path, fellThrough: answer.headers["x-fell-through"] }).toEqual({
        method,
        path,
        fellThrough: "1",
      });
    }
  });
});
