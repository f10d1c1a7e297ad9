/**
 * Engagement benchmark, for `npm run bench` (scripts/bench/run.ts calls `runEngagementBench`
 * with the app it started): likes/s and comment posts/s sustained over the public HTTP API by
 * concurrent fans, each with an `ag_vid` cookie of its own, counting every non-2xx answer as an
 * error (there must be none). At the end the like count is checked against what the fans did.
 *
 * The app's limits stay on (their cost is part of the figure), but the bench comes from one
 * address: start the app with `RATE_LIMIT_IP_FACTOR=100000`. Per-visitor limits are respected
 * by rotating each fan's cookie before it reaches them. Visitor cookies are signed by the server,
 * so a fan gets its cookie as a browser does: from the first answer (a GET of the summary,
 * outside the measured latencies).
 *
 * Run alone against a running app (loopback only; it adds likes and comments to its data):
 *   BENCH_URL=http://localhost:3000 node --import tsx scripts/bench/engagement.ts
 *   BENCH_CONTENT_ID=<a published public content>   (default: the demo seed's festival photos)
 *   BENCH_ENGAGEMENT_CONCURRENCY=16  BENCH_ENGAGEMENT_SECONDS=5
 */
import { randomUUID } from "node:crypto";
import http from "node:http";
import { pathToFileURL } from "node:url";
import { SEED_CONTENT_IDS } from "@/prisma/seed";

// A developer tool, not the app: it reads its own knobs from the environment.
const settings = {
  contentId: process.env.BENCH_CONTENT_ID ?? SEED_CONTENT_IDS.festivalPhotos,
  concurrency: Number(process.env.BENCH_ENGAGEMENT_CONCURRENCY ?? 16),
  seconds: Number(process.env.BENCH_ENGAGEMENT_SECONDS ?? 5),
};
/** Requests per fan before it is replaced, below the default per-visitor limits (60 likes, 10 comments a minute). */
const PER_VISITOR = { like: 50, comment: 9 } as const;

const log = (line: string) => console.log(`[bench] engagement: ${line}`);

interface Answer {
  status: number;
  body: string;
}

function send(agent: http.Agent, url: URL, method: string, visitor: string, body?: unknown): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = http.request(
      url,
      {
        method,
        agent,
        headers: {
          cookie: `ag_vid=${visitor}`,
          ...(payload
            ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) }
            : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }),
        );
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(payload);
  });
}

interface Result {
  label: string;
  requests: number;
  errors: number;
  statuses: Map<number, number>;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * `concurrency` fans acting back to back for `seconds`; each fan takes a new cookie after
 * `perVisitor` requests. `act` returns the answer; 2xx is success.
 */
async function load(
  label: string,
  perVisitor: number,
  issue: (agent: http.Agent) => Promise<string>,
  act: (agent: http.Agent, visitor: string) => Promise<Answer>,
): Promise<Result> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: settings.concurrency });
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let errors = 0;
  const started = process.hrtime.bigint();
  const deadline = started + BigInt(Math.round(settings.seconds * 1e9));
  await Promise.all(
    Array.from({ length: settings.concurrency }, async () => {
      let visitor = await issue(agent);
      let used = 0;
      while (process.hrtime.bigint() < deadline) {
        if (used === perVisitor) {
          visitor = await issue(agent);
          used = 0;
        }
        used++;
        const t = process.hrtime.bigint();
        try {
          const answer = await act(agent, visitor);
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          if (answer.status < 200 || answer.status > 299) errors++;
        } catch {
          statuses.set(0, (statuses.get(0) ?? 0) + 1);
          errors++;
        }
        latencies.push(Number(process.hrtime.bigint() - t) / 1e6);
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    label,
    requests: latencies.length,
    errors,
    statuses,
    seconds,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : "-");

async function likeCount(base: string, contentId: string): Promise<number> {
  const response = await fetch(new URL(`/api/content/${encodeURIComponent(contentId)}/engagement`, base));
  if (!response.ok) {
    throw new Error(
      `GET /api/content/${contentId}/engagement answered ${response.status}: set BENCH_CONTENT_ID to a published, public content`,
    );
  }
  return ((await response.json()) as { likes: number }).likes;
}

/** A new fan: the signed `ag_vid` cookie value the engagement API issues on a first visit. */
function visitorIssuer(summaryUrl: URL): (agent: http.Agent) => Promise<string> {
  return (agent) =>
    new Promise((resolve, reject) => {
      const request = http.request(summaryUrl, { method: "GET", agent }, (response) => {
        response.resume();
        const cookies = response.headers["set-cookie"] ?? [];
        const value = /(?:^|;\s*)ag_vid=([^;]+)/.exec(
          cookies.find((c) => c.startsWith("ag_vid=")) ?? "",
        )?.[1];
        if (value) resolve(value);
        else
          reject(new Error(`GET ${summaryUrl.pathname} issued no visitor cookie (${response.statusCode})`));
      });
      request.on("error", reject);
      request.end();
    });
}

/** Prints likes/s and comment posts/s; sets a failing exit code when any request failed. */
export async function runEngagementBench(baseUrl: string): Promise<void> {
  const host = new URL(baseUrl).hostname;
  if (!["localhost", "127.0.0.1", "::1", "[::1]"].includes(host)) {
    throw new Error(`the engagement bench only targets a loopback address (got ${host})`);
  }
  const id = encodeURIComponent(settings.contentId);
  const likeUrl = new URL(`/api/content/${id}/like`, baseUrl);
  const commentUrl = new URL(`/api/content/${id}/comments`, baseUrl);
  const issue = visitorIssuer(new URL(`/api/content/${id}/engagement`, baseUrl));
  const before = await likeCount(baseUrl, settings.contentId);
  log(`${settings.concurrency} concurrent fans, ${settings.seconds} s each, content ${settings.contentId}`);

  // Every fan toggles its own like; the final count must be the start plus the fans left liking.
  const toggles = new Map<string, number>();
  const likes = await load("likes", PER_VISITOR.like, issue, async (agent, visitor) => {
    const answer = await send(agent, likeUrl, "POST", visitor, {});
    if (answer.status === 200) toggles.set(visitor, (toggles.get(visitor) ?? 0) + 1);
    return answer;
  });
  let n = 0;
  const comments = await load("comments", PER_VISITOR.comment, issue, (agent, visitor) =>
    send(agent, commentUrl, "POST", visitor, {
      rating: 1 + (n % 5),
      text: `Bench comment ${++n}: what a night!`,
      requestId: randomUUID(),
    }),
  );

  console.log("");
  console.log(
    [
      "action".padEnd(10),
      "requests",
      "errors",
      "per s".padStart(9),
      "p50 ms".padStart(8),
      "p99 ms".padStart(8),
    ].join("  "),
  );
  for (const r of [likes, comments]) {
    console.log(
      [
        r.label.padEnd(10),
        String(r.requests).padStart(8),
        String(r.errors).padStart(6),
        fmt(r.rps).padStart(9),
        fmt(r.p50, 2).padStart(8),
        fmt(r.p99, 2).padStart(8),
      ].join("  "),
    );
    if (r.errors > 0) {
      const seen = [...r.statuses].map(([status, count]) => `${status || "network"}: ${count}`).join(", ");
      log(
        `${r.label}: answers by status ${seen}${r.statuses.has(429) ? " (start the app with RATE_LIMIT_IP_FACTOR=100000)" : ""}`,
      );
    }
  }

  const expected = before + [...toggles.values()].filter((count) => count % 2 === 1).length;
  const after = await likeCount(baseUrl, settings.contentId);
  console.log("");
  log(
    `likes/s ${fmt(likes.rps)}, comment posts/s ${fmt(comments.rps)}, errors ${likes.errors + comments.errors}`,
  );
  log(
    `like count after the run: ${after}, expected ${expected} (${after === expected ? "exact" : "MISMATCH"})`,
  );
  if (likes.errors > 0 || comments.errors > 0 || after !== expected) process.exitCode = 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const base = process.env.BENCH_URL;
  if (!base) {
    console.error("[bench] set BENCH_URL to a running app, e.g. BENCH_URL=http://localhost:3000");
    process.exit(1);
  }
  runEngagementBench(base).catch((error: unknown) => {
    console.error(`[bench] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
