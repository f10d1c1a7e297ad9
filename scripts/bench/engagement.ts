/**
 * Engagement benchmark, for `npm run bench` (scripts/bench/run.ts calls `runEngagementBench`
 * with the app it started), against the app's SHIPPED limits; every bench fan comes from the
 * one loopback address, like a festival crowd behind a carrier's NAT:
 *
 * - likes/s by 16 concurrent fans (`likes.perSecond`, and `likes.ratioToStatic` against the
 *   static file's req/s of the same run), then the p99 latency with 64 (`likes.p99Ms`); every
 *   non-2xx answer is an error (`likes.errors`, must be 0) and the final like count must be the
 *   start plus the fans left liking (`likes.exact`). Each fan is replaced by a new one before
 *   it reaches its per-visitor limit (a real fan does not like 60 times a minute).
 * - comment posts/s, the same way.
 * - the crowd: 2,000 fresh fans each open the player (the state GET that issues the signed
 *   `ag_vid` cookie, as the browser does) and like once, within a minute (`crowd.fans`,
 *   `crowd.succeeded`).
 * - the hammer: one client liking as fast as it can (8 requests in flight), once with one
 *   cookie and once with none (a new visitor every request); `hammer.limitedWithinMs` is the
 *   worse time to its first 429.
 *
 * Run alone against a running app (loopback only; it adds likes and comments to its data, and
 * leaves the address's cookie-less bucket used up for a minute):
 *   BENCH_URL=http://localhost:3000 node --import tsx scripts/bench/engagement.ts
 *   BENCH_CONTENT_ID=<a published public content>   (default: the demo seed's festival photos)
 *   BENCH_ENGAGEMENT_CONCURRENCY=16  BENCH_ENGAGEMENT_P99_CONCURRENCY=64  BENCH_ENGAGEMENT_SECONDS=5
 *   BENCH_CROWD_FANS=2000
 */
import { randomUUID } from "node:crypto";
import http from "node:http";
import { pathToFileURL } from "node:url";
import { SEED_CONTENT_IDS } from "@/prisma/seed";
import { recordFigure, writeBenchResults } from "./results";

// A developer tool, not the app: it reads its own knobs from the environment.
const settings = {
  contentId: process.env.BENCH_CONTENT_ID ?? SEED_CONTENT_IDS.festivalPhotos,
  concurrency: Number(process.env.BENCH_ENGAGEMENT_CONCURRENCY ?? 16),
  p99Concurrency: Number(process.env.BENCH_ENGAGEMENT_P99_CONCURRENCY ?? 64),
  seconds: Number(process.env.BENCH_ENGAGEMENT_SECONDS ?? 5),
  crowdFans: Number(process.env.BENCH_CROWD_FANS ?? 2000),
};
/** The crowd must be served within this (the issue's "within a minute"). */
const CROWD_DEADLINE_MS = 60_000;
/** A hammer not stopped by then counts as never stopped. */
const HAMMER_GIVE_UP_MS = 10_000;
const HAMMER_CONNECTIONS = 8;
/** Requests per fan before it is replaced, below the default per-visitor limits (60 likes, 10 comments a minute). */
const PER_VISITOR = { like: 50, comment: 9 } as const;

const log = (line: string) => console.log(`[bench] engagement: ${line}`);

/**
 * The crowd's one address: not 127.0.0.1, whose allowance of new visitors (3,000 a minute, the
 * shipped RATE_LIMIT_NEW_VISITORS_IP) the first-visit measurement just spent asking for the
 * player's state cookie-less thousands of times. Another NAT's fans, as on the day.
 */
const FANS_ADDRESS = "127.0.0.2";

/** Keep-alive connections from the crowd's address (IPv4: `localhost` may resolve to ::1). */
const fansAgent = (maxSockets?: number) =>
  new http.Agent({ keepAlive: maxSockets !== undefined, maxSockets, localAddress: FANS_ADDRESS, family: 4 });

interface Answer {
  status: number;
  body: string;
}

function send(
  agent: http.Agent,
  url: URL,
  method: string,
  visitor: string | null,
  body?: unknown,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = http.request(
      url,
      {
        method,
        agent,
        headers: {
          ...(visitor ? { cookie: `ag_vid=${visitor}` } : {}),
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
  concurrency: number,
  perVisitor: number,
  issue: (agent: http.Agent) => Promise<string>,
  act: (agent: http.Agent, visitor: string) => Promise<Answer>,
): Promise<Result> {
  const agent = fansAgent(concurrency);
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let errors = 0;
  const started = process.hrtime.bigint();
  const deadline = started + BigInt(Math.round(settings.seconds * 1e9));
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
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

/**
 * The content's like count as a returning visitor reads it (`counter`: its `ag_vid`): straight
 * from the database, not the answer first visits share for a second (summary.ts).
 */
async function likeCount(base: string, contentId: string, counter: string): Promise<number> {
  const response = await fetch(new URL(`/api/content/${encodeURIComponent(contentId)}/engagement`, base), {
    headers: { cookie: `ag_vid=${counter}` },
  });
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

/** Fans liking back to back; returns the load and the like count they should have left. */
async function likeLoad(
  label: string,
  concurrency: number,
  likeUrl: URL,
  issue: (agent: http.Agent) => Promise<string>,
): Promise<{ result: Result; liking: number }> {
  // Every fan toggles its own like; those with an odd number of toggles are left liking.
  const toggles = new Map<string, number>();
  const result = await load(label, concurrency, PER_VISITOR.like, issue, async (agent, visitor) => {
    const answer = await send(agent, likeUrl, "POST", visitor, {});
    if (answer.status === 200) toggles.set(visitor, (toggles.get(visitor) ?? 0) + 1);
    return answer;
  });
  return { result, liking: [...toggles.values()].filter((count) => count % 2 === 1).length };
}

/** `fans` fresh fans, `concurrency` at a time: each opens the player (gets its cookie) and likes once. */
async function crowd(
  fans: number,
  concurrency: number,
  likeUrl: URL,
  issue: (agent: http.Agent) => Promise<string>,
): Promise<{ succeeded: number; ms: number; statuses: Map<number, number> }> {
  const agent = fansAgent(concurrency);
  const statuses = new Map<number, number>();
  let next = 0;
  let succeeded = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < fans && Date.now() - started < CROWD_DEADLINE_MS) {
        next++;
        let status = 0;
        try {
          status = (await send(agent, likeUrl, "POST", await issue(agent), { liked: true })).status;
        } catch {
          // a network error: status 0
        }
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (status === 200) succeeded++;
      }
    }),
  );
  agent.destroy();
  return { succeeded, ms: Date.now() - started, statuses };
}

/**
 * One client liking as fast as it can (`HAMMER_CONNECTIONS` requests in flight, as a script
 * would): ms until its first 429, or Infinity.
 */
async function hammer(likeUrl: URL, visitor: string | null): Promise<number> {
  const agent = fansAgent(HAMMER_CONNECTIONS);
  const started = Date.now();
  let limitedAt = Infinity;
  try {
    await Promise.all(
      Array.from({ length: HAMMER_CONNECTIONS }, async () => {
        while (limitedAt === Infinity && Date.now() - started < HAMMER_GIVE_UP_MS) {
          const answer = await send(agent, likeUrl, "POST", visitor, {});
          if (answer.status === 429) limitedAt = Math.min(limitedAt, Date.now() - started);
        }
      }),
    );
    return limitedAt;
  } finally {
    agent.destroy();
  }
}

const statusList = (statuses: Map<number, number>) =>
  [...statuses].map(([status, count]) => `${status || "network"}: ${count}`).join(", ");

/**
 * Prints and records the engagement figures; sets a failing exit code when a target is
 * missed. `staticRps` is the static file's req/s measured in the same run (run.ts), if any.
 * Resolves with likes/s and the number of fans that liked (run.ts sets pgbench's connections to it).
 */
export async function runEngagementBench(
  baseUrl: string,
  staticRps?: number,
): Promise<{ likesPerSecond: number; fans: number }> {
  const host = new URL(baseUrl).hostname;
  if (!["localhost", "127.0.0.1", "::1", "[::1]"].includes(host)) {
    throw new Error(`the engagement bench only targets a loopback address (got ${host})`);
  }
  const id = encodeURIComponent(settings.contentId);
  const likeUrl = new URL(`/api/content/${id}/like`, baseUrl);
  const commentUrl = new URL(`/api/content/${id}/comments`, baseUrl);
  const issue = visitorIssuer(new URL(`/api/content/${id}/engagement`, baseUrl));
  const counting = fansAgent();
  const counter = await issue(counting);
  counting.destroy();
  const before = await likeCount(baseUrl, settings.contentId, counter);
  log(`content ${settings.contentId}, ${settings.seconds} s per load, shipped limits, one address`);

  const fast = await likeLoad(`likes ×${settings.concurrency}`, settings.concurrency, likeUrl, issue);
  const wide = await likeLoad(`likes ×${settings.p99Concurrency}`, settings.p99Concurrency, likeUrl, issue);
  let n = 0;
  const comments = await load(
    `comments ×${settings.concurrency}`,
    settings.concurrency,
    PER_VISITOR.comment,
    issue,
    (agent, visitor) =>
      send(agent, commentUrl, "POST", visitor, {
        rating: 1 + (n % 5),
        text: `Bench comment ${++n}: what a night!`,
        requestId: randomUUID(),
      }),
  );

  console.log("");
  console.log(
    [
      "action".padEnd(14),
      "requests",
      "errors",
      "per s".padStart(9),
      "p50 ms".padStart(8),
      "p99 ms".padStart(8),
    ].join("  "),
  );
  for (const r of [fast.result, wide.result, comments]) {
    console.log(
      [
        r.label.padEnd(14),
        String(r.requests).padStart(8),
        String(r.errors).padStart(6),
        fmt(r.rps).padStart(9),
        fmt(r.p50, 2).padStart(8),
        fmt(r.p99, 2).padStart(8),
      ].join("  "),
    );
    if (r.errors > 0) log(`${r.label}: answers by status ${statusList(r.statuses)}`);
  }

  const expected = before + fast.liking + wide.liking;
  const afterLoads = await likeCount(baseUrl, settings.contentId, counter);
  const crowdRun = await crowd(settings.crowdFans, settings.p99Concurrency, likeUrl, issue);
  const afterCrowd = await likeCount(baseUrl, settings.contentId, counter);
  // Every fan of the crowd is new: each successful like adds exactly one.
  const exact = afterLoads === expected && afterCrowd === afterLoads + crowdRun.succeeded;
  const issuing = fansAgent();
  const withCookie = await hammer(likeUrl, await issue(issuing));
  issuing.destroy();
  const withoutCookie = await hammer(likeUrl, null);
  const hammerMs = Math.max(withCookie, withoutCookie);

  const ratio = staticRps ? fast.result.rps / staticRps : NaN;
  const errors = fast.result.errors + wide.result.errors;
  console.log("");
  log(
    `likes/s ${fmt(fast.result.rps)} (${settings.concurrency} fans)${staticRps ? `, ${fmt(ratio, 2)}× the static file's ${fmt(staticRps)} req/s` : ""}; p99 ${fmt(wide.result.p99, 2)} ms with ${settings.p99Concurrency} fans; errors ${errors}; comment posts/s ${fmt(comments.rps)}`,
  );
  log(
    `like count after the loads ${afterLoads}, expected ${expected}; after the crowd ${afterCrowd}, expected ${afterLoads + crowdRun.succeeded} (${exact ? "exact" : "MISMATCH"})`,
  );
  log(
    `crowd: ${crowdRun.succeeded} of ${settings.crowdFans} fresh fans behind one address liked once, in ${fmt(crowdRun.ms / 1000)} s (${statusList(crowdRun.statuses)})`,
  );
  log(
    `hammer: first 429 after ${fmt(withCookie, 0)} ms with one cookie, ${fmt(withoutCookie, 0)} ms without cookies`,
  );

  recordFigure("likes.perSecond", fast.result.rps);
  recordFigure("likes.ratioToStatic", ratio);
  recordFigure("likes.errors", errors);
  recordFigure("likes.exact", exact);
  recordFigure("likes.p99Ms", wide.result.p99);
  recordFigure("crowd.fans", settings.crowdFans);
  recordFigure("crowd.succeeded", crowdRun.succeeded);
  recordFigure("hammer.limitedWithinMs", hammerMs);

  const crowdServed = crowdRun.succeeded === settings.crowdFans && crowdRun.ms <= CROWD_DEADLINE_MS;
  if (errors > 0 || comments.errors > 0 || !exact || !crowdServed || !(hammerMs <= 1000)) {
    process.exitCode = 1;
  }
  return { likesPerSecond: fast.result.rps, fans: settings.concurrency };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const base = process.env.BENCH_URL;
  if (!base) {
    console.error("[bench] set BENCH_URL to a running app, e.g. BENCH_URL=http://localhost:3000");
    process.exit(1);
  }
  runEngagementBench(base)
    .then(() => writeBenchResults())
    .catch((error: unknown) => {
      console.error(`[bench] ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    });
}
