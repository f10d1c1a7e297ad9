import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  BROWSER_ACCEPT_ENCODING,
  browserHeaders,
  firstVisitFigures,
  measurableRequests,
  ratioTo,
  serverSecondsPerVisit,
  visitsPerSecond,
  type CapturedRequest,
  type VisitMeasurement,
} from "@/scripts/bench/first-visit-plan";
import { parseWrkOutput } from "@/scripts/bench/load";
import { answerFiles, nginxConfig, type StoredAnswer } from "@/scripts/bench/nginx-anchor";
import { databaseFromUrl, parsePgbenchTps, pgbenchScript } from "@/scripts/bench/pgbench-anchor";
import { checkTarget, targetRows, TARGETS } from "@/scripts/bench/targets";

const ORIGIN = "http://localhost:3000";
const request = (url: string, extra: Partial<CapturedRequest> = {}): CapturedRequest => ({
  url,
  method: "GET",
  resourceType: "script",
  headers: { accept: "*/*" },
  ...extra,
});

describe("the first visit's requests", () => {
  it("keeps same-origin GETs once each, in the browser's order, and says why the others are left out", () => {
    const { measured, skipped } = measurableRequests(
      [
        request(`${ORIGIN}/demo/evento/x`, { resourceType: "document" }),
        request(`${ORIGIN}/_next/static/chunks/a.js`),
        request("http://127.0.0.1:9000/bucket/logo.webp", { resourceType: "image" }),
        request(`${ORIGIN}/_next/static/chunks/a.js`),
        request(`${ORIGIN}/api/content/c1/view`, { method: "POST", resourceType: "fetch" }),
        request("data:image/svg+xml;base64,PHN2Zz4=", { resourceType: "image" }),
        request(`${ORIGIN}/demo?_rsc=abc`, { resourceType: "fetch" }),
        request(`${ORIGIN}/demo?_rsc=def`, { resourceType: "fetch" }),
      ],
      ORIGIN,
    );
    expect(measured.map((r) => r.path)).toEqual([
      "/demo/evento/x",
      "/_next/static/chunks/a.js",
      "/demo?_rsc=abc",
      "/demo?_rsc=def",
    ]);
    expect(skipped.map((s) => s.reason)).toEqual([
      "another origin",
      "POST: a write, not replayed",
      "data: URL",
    ]);
  });

  it("sends the browser's headers (RSC ones included) with br/gzip, without the connection's own", () => {
    const headers = browserHeaders({
      Accept: "*/*",
      RSC: "1",
      "Next-Router-Prefetch": "1",
      "Next-Router-State-Tree": "%5B%22%22%5D",
      "Accept-Encoding": "gzip, deflate, br, zstd",
      Host: "localhost:3000",
      Connection: "keep-alive",
      ":authority": "localhost:3000",
    });
    expect(headers).toEqual({
      accept: "*/*",
      rsc: "1",
      "next-router-prefetch": "1",
      "next-router-state-tree": "%5B%22%22%5D",
      "accept-encoding": BROWSER_ACCEPT_ENCODING,
    });
    expect(BROWSER_ACCEPT_ENCODING).toBe("br, gzip");
  });
});

describe("server time per visit", () => {
  it("is Σ 1/rps over the requests, and visits/s its inverse", () => {
    // 1/100 + 1/400 + 1/400 = 0.015 s of the server per visit.
    expect(serverSecondsPerVisit([100, 400, 400])).toBeCloseTo(0.015, 12);
    expect(visitsPerSecond([100, 400, 400])).toBeCloseTo(1 / 0.015, 9);
    // One slow request dominates: the 97 req/s chunk caps a visit below 97/s.
    expect(visitsPerSecond([97, 100_000, 100_000])).toBeLessThan(97);
  });

  it("is not a number when a request was not measured or nothing was", () => {
    expect(visitsPerSecond([100, 0])).toBeNaN();
    expect(visitsPerSecond([100, NaN])).toBeNaN();
    expect(visitsPerSecond([])).toBeNaN();
  });

  it("gives no ratio without its anchor", () => {
    expect(ratioTo(10, 1000)).toBe(0.01);
    expect(ratioTo(10, undefined)).toBeUndefined();
    expect(ratioTo(10, NaN)).toBeUndefined();
    expect(ratioTo(10, 0)).toBeUndefined();
    expect(ratioTo(NaN, 1000)).toBeUndefined();
  });
});

describe("the first visit's figures", () => {
  const visits = (withNginx: boolean): VisitMeasurement[] => [
    {
      label: "event",
      path: "/demo/evento/x",
      requests: [
        { path: "/demo/evento/x", appRps: 10_000, nginxRps: withNginx ? 100_000 : undefined },
        { path: "/_next/static/chunks/big.js", appRps: 100, nginxRps: withNginx ? 50_000 : undefined },
      ],
    },
    {
      label: "landing",
      path: "/demo",
      requests: [{ path: "/demo", appRps: 5_000, nginxRps: withNginx ? 100_000 : undefined }],
    },
  ];

  it("has the keys of issue #35: visits/s, the ratio to nginx, the slowest request and nginx's page", () => {
    const figures = firstVisitFigures(visits(true));
    const event = 1 / (1 / 10_000 + 1 / 100);
    const eventNginx = 1 / (1 / 100_000 + 1 / 50_000);
    expect(figures["firstVisit.event.visitsPerS"]).toBeCloseTo(event, 9);
    expect(figures["firstVisit.event.nginxVisitsPerS"]).toBeCloseTo(eventNginx, 9);
    expect(figures["firstVisit.event.ratioToNginx"]).toBeCloseTo(event / eventNginx, 12);
    expect(figures["firstVisit.landing.ratioToNginx"]).toBeCloseTo(0.05, 12);
    expect(figures["firstVisit.event.requests"]).toBe(2);
    expect(figures["firstVisit.slowestRequestRps"]).toBe(100);
    expect(figures["firstVisit.slowestRequestPath"]).toBe("/_next/static/chunks/big.js");
    expect(figures["nginx.pageRps"]).toBe(100_000);
  });

  it("leaves every ratio and nginx's figures null when nginx was not measured", () => {
    const figures = firstVisitFigures(visits(false));
    expect(figures["firstVisit.event.ratioToNginx"]).toBeNull();
    expect(figures["firstVisit.landing.ratioToNginx"]).toBeNull();
    expect(figures["firstVisit.event.nginxVisitsPerS"]).toBeNull();
    expect(figures["nginx.pageRps"]).toBeNull();
    // The app's own figures stand without the anchor.
    expect(figures["firstVisit.event.visitsPerS"]).toBeCloseTo(1 / (1 / 10_000 + 1 / 100), 9);
  });

  it("counts an unmeasured request as the slowest, with no figure", () => {
    const figures = firstVisitFigures([
      {
        label: "event",
        path: "/e",
        requests: [
          { path: "/e", appRps: 50 },
          { path: "/lost.js", appRps: NaN },
          { path: "/ok.js", appRps: 900 },
        ],
      },
    ]);
    expect(figures["firstVisit.slowestRequestRps"]).toBeNull();
    expect(figures["firstVisit.slowestRequestPath"]).toBe("/lost.js");
    expect(figures["firstVisit.event.visitsPerS"]).toBeNull();
  });
});

describe("the load generator and pgbench reports", () => {
  it("reads wrk's figures, errors and non-2xx answers", () => {
    const report = parseWrkOutput(`Running 1s test @ http://127.0.0.1:8080/
  1 threads and 16 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency   152.00us   41.00us   1.20ms   80.00%
    Req/Sec   98.1k     4.2k  103.0k    90.00%
  97612 requests in 1.00s, 1.54GB read
  Socket errors: connect 0, read 2, write 0, timeout 1
  Non-2xx or 3xx responses: 7
Requests/sec:  97541.23
Transfer/sec:      1.53GB
`);
    expect(report).toEqual({ requests: 97612, seconds: 1, rps: 97541.23, socketErrors: 3, non2xx: 7 });
    expect(parseWrkOutput("  0 requests in 1.00s, 0.00B read\nRequests/sec:      0.00\n").rps).toBe(0);
    expect(() => parseWrkOutput("unable to connect to 127.0.0.1:1 Connection refused")).toThrow(/unreadable/);
  });

  it("reads pgbench's tps without the connection time and writes one insert per transaction", () => {
    expect(
      parsePgbenchTps(
        "number of failed transactions: 0 (0.000%)\nlatency average = 0.859 ms\ninitial connection time = 21.006 ms\ntps = 18632.412 (without initial connection time)\n",
      ),
    ).toBe(18632.412);
    expect(() => parsePgbenchTps("pgbench: error: connection refused")).toThrow(/no tps/);
    expect(pgbenchScript("bench_anchor_x")).toContain(
      "INSERT INTO bench_anchor_x (id) VALUES (:k) ON CONFLICT DO NOTHING;",
    );
    expect(databaseFromUrl("postgresql://postgres:p%40ss@127.0.0.1:5433/afterglow")).toEqual({
      host: "127.0.0.1",
      port: 5433,
      user: "postgres",
      password: "p@ss",
      database: "afterglow",
    });
  });
});

describe("nginx serving the app's bytes", () => {
  const answers: StoredAnswer[] = [
    {
      path: "/demo/evento/x",
      status: 200,
      contentType: "text/html; charset=utf-8",
      contentEncoding: "br",
      body: Buffer.from([1, 2, 3]),
    },
    {
      path: "/demo?_rsc=abc",
      status: 200,
      contentType: "text/x-component",
      contentEncoding: "gzip",
      body: gzipSync("rsc payload"),
    },
    {
      path: "/api/media/logo/x?v=1",
      status: 302,
      location: "http://127.0.0.1:9000/logo",
      body: Buffer.alloc(0),
    },
  ];

  it("maps each whole URI to its answer, with the app's type and encoding, gzip through gzip_static", () => {
    const conf = nginxConfig(answers, 8123, "/tmp/p");
    expect(conf).toContain("worker_processes 1;");
    expect(conf).toContain("daemon off;");
    expect(conf).toContain("listen 127.0.0.1:8123;");
    expect(conf).toContain('"/demo?_rsc=abc" e1;');
    expect(conf).toMatch(
      /location = \/e0 \{[^}]*default_type "text\/html; charset=utf-8";[^}]*Content-Encoding "br"/,
    );
    expect(conf).toMatch(/location = \/e1 \{[^}]*gzip_static on;/);
    expect(conf).toMatch(/location = \/e2 \{[^}]*return 302 "http:\/\/127.0.0.1:9000\/logo";/);
    expect(answerFiles(answers[1]!, 1).map(([name, bytes]) => [name, bytes.toString("latin1")])).toEqual([
      ["e1", "rsc payload"],
      ["e1.gz", answers[1]!.body.toString("latin1")],
    ]);
    expect(answerFiles(answers[2]!, 2)).toEqual([]);
  });

  it("refuses URIs its string maps cannot tell apart or quote", () => {
    expect(() => nginxConfig([answers[0]!, { ...answers[0]!, path: "/DEMO/evento/x" }], 1, "/p")).toThrow(
      /ignore case/,
    );
    expect(() => nginxConfig([{ ...answers[0]!, path: '/a"b' }], 1, "/p")).toThrow(/cannot put/);
  });
});

describe("the targets", () => {
  it("are the anchored ones of issue #35, none on the static-file figures", () => {
    const keys = TARGETS.map((t) => t.key);
    expect(keys).toEqual(
      expect.arrayContaining([
        "firstVisit.event.ratioToNginx",
        "firstVisit.landing.ratioToNginx",
        "firstVisit.player.ratioToNginx",
        "firstVisit.slowestRequestRps",
        "likes.ratioToPostgres",
        "likes.p99Ms",
      ]),
    );
    expect(keys.some((key) => /staticFile|ratioToStatic|eventPage\.ratio/.test(key))).toBe(false);
  });

  it("meet, miss, or say a figure was not measured", () => {
    const ratio = TARGETS.find((t) => t.key === "likes.ratioToPostgres")!;
    const p99 = TARGETS.find((t) => t.key === "likes.p99Ms")!;
    expect(checkTarget(ratio, 0.3)).toBe("met");
    expect(checkTarget(ratio, 0.085)).toBe("missed");
    expect(checkTarget(ratio, null)).toBe("not measured");
    expect(checkTarget(ratio, undefined)).toBe("not measured");
    expect(checkTarget(p99, 49.9)).toBe("met");
    expect(checkTarget(p99, 50)).toBe("missed");
    const rows = targetRows({ "firstVisit.event.ratioToNginx": 0.0038, "likes.exact": true });
    expect(rows.find((r) => r.key === "firstVisit.event.ratioToNginx")!.status).toBe("missed");
    expect(rows.find((r) => r.key === "likes.exact")!.status).toBe("met");
    expect(rows.find((r) => r.key === "pgbench.tps")).toBeUndefined();
    expect(rows.find((r) => r.key === "likes.ratioToPostgres")!.status).toBe("not measured");
  });
});
