import http from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  firstPlayerPath,
  measurePage,
  overBudget,
  scriptSources,
  type PageWeight,
} from "@/scripts/lib/js-transfer";

describe("scriptSources", () => {
  it("lists each same-origin script once, in order, and skips nomodule polyfills and other hosts", () => {
    const html = [
      '<script src="/_next/static/chunks/a.js" async=""></script>',
      '<script src="/_next/static/chunks/polyfills.js" noModule=""></script>',
      '<script>self.__next_f.push([1,"x"])</script>',
      '<script async src="https://www.googletagmanager.com/gtag/js?id=G-1"></script>',
      "<script src='/_next/static/chunks/b.js?v=1&amp;x=2'></script>",
      '<script src="/_next/static/chunks/a.js"></script>',
    ].join("");
    expect(scriptSources(html, "http://localhost:3000/demo")).toEqual([
      "/_next/static/chunks/a.js",
      "/_next/static/chunks/b.js?v=1&x=2",
    ]);
  });
});

describe("overBudget", () => {
  const page = (label: string, bytes: number[]): PageWeight => ({
    label,
    path: `/${label}`,
    scripts: bytes.map((b, i) => ({ src: `/c${i}.js`, bytes: b })),
    bytes: bytes.reduce((a, b) => a + b, 0),
  });

  it("names each page over the budget with its weight and its chunks, largest first", () => {
    const lines = overBudget([page("home", [100_000, 70_000]), page("event", [150_000, 30_000])], 175);
    expect(lines).toEqual([
      "event (/event): 180.0 KB of JavaScript > 175 KB; chunks: /c0.js 150.0 KB, /c1.js 30.0 KB",
    ]);
  });

  it("accepts a page exactly at the budget", () => {
    expect(overBudget([page("home", [175_000])], 175)).toEqual([]);
  });
});

describe("firstPlayerPath", () => {
  it("finds the first player link of an event page", () => {
    const html =
      '<a href="/demo">x</a><a href="/demo/player/abc-1?src=x">y</a><a href="/demo/player/def">z</a>';
    expect(firstPlayerPath(html)).toBe("/demo/player/abc-1");
    expect(firstPlayerPath("<a href='/demo'>x</a>")).toBeUndefined();
  });
});

describe("measurePage", () => {
  const script = Buffer.from("console.log('hello');".repeat(200));
  let server: http.Server;
  let base = "";
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      if (request.url === "/page") {
        response.setHeader("content-type", "text/html");
        response.end('<script src="/gz.js"></script><script src="/plain.js"></script>');
      } else if (request.url === "/gz.js") {
        response.setHeader("content-encoding", "gzip");
        response.end(gzipSync(script, { level: 1 }));
      } else if (request.url === "/plain.js") {
        response.end(script);
      } else {
        response.statusCode = 404;
        response.end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("counts the compressed bytes as sent, and the gzip size of an uncompressed answer", async () => {
    const weight = await measurePage(base, "test", "/page");
    const sent = gzipSync(script, { level: 1 }).length;
    const gzipped = gzipSync(script).length;
    expect(weight.scripts).toEqual([
      { src: "/gz.js", bytes: sent },
      { src: "/plain.js", bytes: gzipped },
    ]);
    expect(weight.bytes).toBe(sent + gzipped);
    expect(weight.bytes).toBeLessThan(script.length);
  });

  it("fails on a page that does not answer 200", async () => {
    await expect(measurePage(base, "missing", "/nope")).rejects.toThrow("missing (/nope) answered 404");
  });
});
