import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, readFile, rm, stat, utimes, writeFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressStatic } from "@/scripts/lib/precompress";
import { chooseEncoding, IMMUTABLE, productionStaticFiles, PUBLIC_MAX_AGE } from "@/server/static-files.cjs";

/**
 * server/static-files.cjs (issue #35): the build's static files and public/ answered from
 * memory, precompressed at build time (scripts/lib/precompress.ts), through a real HTTP server.
 */
const SCRIPT = `${"export const festival = 'verão';\n".repeat(200)}`;
const STYLES = `${"body { color: rebeccapurple; }\n".repeat(100)}`;
/** Random bytes do not compress: no sibling is kept for them. */
const NOISE = randomBytes(3000);

let project: string;
let server: http.Server;
let base: string;
/** Requests that reached "Next.js" (the fall-through). */
const passedOn: string[] = [];

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function request(url: string, headers: Record<string, string> = {}, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    // A raw path: `fetch` and `new URL` would resolve `..` before sending it.
    const req = http.request(`${base}/`, { method, headers, path: url }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

const CHUNK = "/_next/static/chunks/app.js";

beforeAll(async () => {
  project = await mkdtemp(path.join(tmpdir(), "static-files-"));
  const chunks = path.join(project, ".next", "static", "chunks");
  await mkdir(chunks, { recursive: true });
  await mkdir(path.join(project, ".next", "static", "media"), { recursive: true });
  await mkdir(path.join(project, "public"), { recursive: true });
  await writeFile(path.join(chunks, "app.js"), SCRIPT);
  await writeFile(path.join(chunks, "styles.css"), STYLES);
  await writeFile(path.join(chunks, "noise.js"), NOISE);
  await writeFile(path.join(project, ".next", "static", "media", "font.woff2"), SCRIPT);
  await writeFile(path.join(project, "package.json"), '{"name":"secret"}');
  await writeFile(path.join(project, "public", "favicon.ico"), Buffer.alloc(2000, 1));
  await writeFile(
    path.join(project, ".next", "routes-manifest.json"),
    JSON.stringify({
      headers: [
        {
          source: "/:path*",
          regex: "^(?:/((?:[^/]+?)(?:/(?:[^/]+?))*))?(?:/)?$",
          headers: [{ key: "X-Content-Type-Options", value: "nosniff" }],
        },
        {
          source: "/api/:path*",
          regex: "^/api(?:/((?:[^/]+?)(?:/(?:[^/]+?))*))?(?:/)?$",
          headers: [{ key: "Content-Security-Policy", value: "default-src 'none'" }],
        },
      ],
    }),
  );
  await precompressStatic(path.join(project, ".next"));
  const files = productionStaticFiles(project);
  server = http.createServer((req, res) => {
    if (files.serve(req, res)) return;
    passedOn.push(req.url ?? "");
    res.writeHead(418).end("next");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(project, { recursive: true, force: true });
});

describe("precompressStatic", () => {
  it("writes brotli and gzip siblings of what compresses, only when smaller, and nothing for fonts or noise", async () => {
    const chunks = path.join(project, ".next", "static", "chunks");
    for (const name of ["app.js", "styles.css"]) {
      const original = await readFile(path.join(chunks, name));
      const br = await readFile(path.join(chunks, `${name}.br`));
      const gz = await readFile(path.join(chunks, `${name}.gz`));
      expect(brotliDecompressSync(br).equals(original)).toBe(true);
      expect(gunzipSync(gz).equals(original)).toBe(true);
      expect(br.length).toBeLessThan(gz.length);
    }
    await expect(stat(path.join(chunks, "noise.js.br"))).rejects.toThrow();
    await expect(stat(path.join(chunks, "noise.js.gz"))).rejects.toThrow();
    await expect(stat(path.join(project, ".next", "static", "media", "font.woff2.br"))).rejects.toThrow();
  });

  it("skips files whose siblings are newer, and compresses again a file changed after them (the compile hints)", async () => {
    const dist = path.join(project, ".next");
    // noise.js has no sibling to tell it was done: tried again, and again kept without.
    expect(await precompressStatic(dist)).toEqual([path.join("static", "chunks", "noise.js")]);
    const file = path.join(dist, "static", "chunks", "styles.css");
    const later = new Date(Date.now() + 60_000);
    await utimes(file, later, later);
    expect(await precompressStatic(dist)).toEqual(
      ["noise.js", "styles.css"].map((name) => path.join("static", "chunks", name)),
    );
  });
});

describe("chooseEncoding", () => {
  it("honours q-values and the wildcard", () => {
    const both = ["br", "gzip"];
    expect(chooseEncoding("gzip, deflate, br, zstd", both)).toBe("br");
    expect(chooseEncoding("br;q=0, gzip", both)).toBe("gzip");
    expect(chooseEncoding("br;q=0.5, gzip;q=0.8", both)).toBe("gzip");
    expect(chooseEncoding("*", both)).toBe("br");
    expect(chooseEncoding("*;q=0", both)).toBeNull();
    expect(chooseEncoding("identity", both)).toBeNull();
    expect(chooseEncoding(undefined, both)).toBeNull();
    expect(chooseEncoding("br", ["gzip"])).toBeNull();
  });
});

describe("the static handler", () => {
  it("answers brotli, gzip or the file as it is by Accept-Encoding, the same bytes each way", async () => {
    const [br, gzip, identity] = [
      await request(CHUNK, { "accept-encoding": "gzip, deflate, br, zstd" }),
      await request(CHUNK, { "accept-encoding": "gzip" }),
      await request(CHUNK),
    ];
    expect([br.status, gzip.status, identity.status]).toEqual([200, 200, 200]);
    expect([
      br.headers["content-encoding"],
      gzip.headers["content-encoding"],
      identity.headers["content-encoding"],
    ]).toEqual(["br", "gzip", undefined]);
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);
    expect(gunzipSync(gzip.body).toString()).toBe(SCRIPT);
    expect(identity.body.toString()).toBe(SCRIPT);
    for (const answer of [br, gzip, identity]) {
      expect(answer.headers["cache-control"]).toBe(IMMUTABLE);
      expect(answer.headers.vary).toBe("Accept-Encoding");
      expect(answer.headers["content-type"]).toBe("text/javascript; charset=utf-8");
      expect(answer.headers["x-content-type-options"]).toBe("nosniff");
      expect(answer.headers["content-security-policy"]).toBeUndefined();
      expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
    }
    // Three representations, three ETags.
    expect(new Set([br.headers.etag, gzip.headers.etag, identity.headers.etag]).size).toBe(3);
    expect(passedOn).toEqual([]);
  });

  it("answers 304 to If-None-Match with the ETag, Cache-Control and Vary, and 200 to another ETag", async () => {
    const first = await request(CHUNK, { "accept-encoding": "br" });
    const etag = first.headers.etag!;
    const again = await request(CHUNK, { "accept-encoding": "br", "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers["cache-control"]).toBe(IMMUTABLE);
    expect(again.headers.vary).toBe("Accept-Encoding");
    expect(
      (await request(CHUNK, { "accept-encoding": "br", "if-none-match": `W/"x", ${etag}` })).status,
    ).toBe(304);
    // The brotli ETag does not validate the gzip representation.
    expect((await request(CHUNK, { "accept-encoding": "gzip", "if-none-match": etag })).status).toBe(200);
    expect((await request(CHUNK, { "accept-encoding": "br", "if-none-match": '"other"' })).status).toBe(200);
    const lastModified = first.headers["last-modified"]!;
    expect(
      (await request(CHUNK, { "accept-encoding": "br", "if-modified-since": lastModified })).status,
    ).toBe(304);
  });

  it("answers HEAD with the headers of GET and no body; other methods 405", async () => {
    const get = await request(CHUNK, { "accept-encoding": "br" });
    const head = await request(CHUNK, { "accept-encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers["content-length"]).toBe(get.headers["content-length"]);
    expect(head.headers.etag).toBe(get.headers.etag);
    const post = await request(CHUNK, {}, "POST");
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe("GET, HEAD");
  });

  it("answers a plain 404 to unknown files and to every way out of the folder, never the file", async () => {
    for (const url of [
      "/_next/static/chunks/nope.js",
      "/_next/static/..%2f..%2fpackage.json",
      "/_next/static/../../package.json",
      "/_next/static/%2e%2e/%2e%2e/package.json",
      "/_next/static/chunks/..%5c..%5c..%5cpackage.json",
      "/_next/static/chunks/app.js%00",
      "/_next/static/%E0%A4%A",
      "/_next/static/chunks/",
      "/_next/static/chunks",
    ]) {
      const answer = await request(url, { "accept-encoding": "br" });
      expect(answer.status, url).toBe(404);
      expect(answer.body.toString(), url).toBe("Not Found");
      expect(answer.headers["cache-control"], url).toBe("no-store");
    }
    expect(passedOn).toEqual([]);
  });

  it("serves public/ compressed once at start, for an hour, and leaves every other path to Next.js", async () => {
    const icon = await request("/favicon.ico", { "accept-encoding": "br" });
    expect(icon.status).toBe(200);
    expect(icon.headers["content-type"]).toBe("image/x-icon");
    expect(icon.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(icon.body).equals(Buffer.alloc(2000, 1))).toBe(true);
    expect(icon.headers["cache-control"]).toBe(PUBLIC_MAX_AGE);
    for (const url of ["/demo", "/package.json", "/..%2fpackage.json", "/_next/image?url=x"]) {
      expect((await request(url)).status, url).toBe(418);
    }
    expect(passedOn).toEqual(["/demo", "/package.json", "/..%2fpackage.json", "/_next/image?url=x"]);
  });
});
