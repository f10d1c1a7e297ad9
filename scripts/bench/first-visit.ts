/**
 * The bench's first-visit stage (issue #35): what a fan's phone costs the server on a first
 * visit of the event page, a landing and a player, against nginx serving the same bytes.
 *
 * 1. A cold phone visit of each page in Chromium (./capture.ts) lists the requests it makes,
 *    including what loads after `load`; the same-origin GETs are kept (./first-visit-plan.ts).
 * 2. Each distinct request is fetched once from the app with the browser's headers: its answer
 *    (status, body, content type and encoding) is kept byte for byte, and the app is warm.
 * 3. nginx serves those answers (./nginx-anchor.ts); each answer is fetched back from it and
 *    compared with the app's, byte for byte.
 * 4. Each request is measured on the app, then on nginx, with `wrk` (1 thread, the bench's
 *    connections, BENCH_FIRST_VISIT_SECONDS each) and the same headers, each after a warm-up
 *    load of BENCH_FIRST_VISIT_WARMUP_SECONDS that is not counted: one fetch leaves the code
 *    behind a request unoptimised by the JavaScript engine, and a 1-second figure of a request
 *    no load had reached yet was mostly its warm-up (the engagement state, 2 s runs on the same
 *    build: 1,400 req/s cold; warm, 5,600 while the first 3,000 got a new visitor cookie and
 *    7,000 once the address had its minute's 3,000). A server the morning after a festival is
 *    warm. nginx gets the same warm-up. The warm-up spends the bench address's new visitors of
 *    the minute, so the engagement state is then measured mostly without minting; the crowd
 *    stage (./engagement.ts) measures 2,000 fans minted and liking.
 * 5. Per visit, server time = Σ 1/rps over its requests; visits/s = 1 / that; the ratio to
 *    nginx is the app's visits/s over nginx's.
 *
 * Without wrk the app's requests are measured with the bench's Node client and no ratio is
 * given (a Node client cannot load nginx to its ceiling); without nginx, no ratio either; without
 * Chromium the stage is skipped. Each says so.
 *
 *   BENCH_FIRST_VISIT_SECONDS=1  BENCH_FIRST_VISIT_WARMUP_SECONDS=1 (0: none)
 */
import { getRaw, publicPages } from "../lib/js-transfer";
import { captureVisit, chromiumAvailable, CHROMIUM_PATH, launchChromium } from "./capture";
import {
  firstVisitFigures,
  measurableRequests,
  summariseVisit,
  type FigureValue,
  type PlannedRequest,
  type VisitMeasurement,
} from "./first-visit-plan";
import { nodeLoad, wrkAvailable, wrkLoad, WRK_PATH, type LoadOptions, type LoadResult } from "./load";
import { NGINX_PATH, nginxAvailable, startNginxAnchor, type StoredAnswer } from "./nginx-anchor";
import { recordFigure } from "./results";

/** The visits measured: labels of scripts/lib/js-transfer.ts's public pages. */
export const FIRST_VISIT_PAGES = ["event", "landing", "player", "large"] as const;

const seconds = Number(process.env.BENCH_FIRST_VISIT_SECONDS ?? 1);
const warmUpSeconds = Number(process.env.BENCH_FIRST_VISIT_WARMUP_SECONDS ?? 1);

const fmt = (n: number | undefined, digits = 0) =>
  n !== undefined && Number.isFinite(n) ? n.toLocaleString("en", { maximumFractionDigits: digits }) : "-";

const short = (text: string, width: number) =>
  (text.length > width ? `${text.slice(0, width - 3)}...` : text).padEnd(width);

/** A URL in a log line: its origin and the start of its path (a `data:` URL by its scheme). */
function shortUrl(url: string): string {
  try {
    const u = new URL(url);
    return u.protocol.startsWith("http") ? `${u.origin}${short(u.pathname, 32).trimEnd()}` : u.protocol;
  } catch {
    return short(url, 40).trimEnd();
  }
}

/** One answer of `base` for `request`, kept byte for byte. */
async function fetchAnswer(base: string, request: PlannedRequest): Promise<StoredAnswer> {
  const response = await getRaw(new URL(request.path, base), request.headers);
  const header = (name: string) => {
    const value = response.headers[name];
    return Array.isArray(value) ? value.join(", ") : value;
  };
  return {
    path: request.path,
    status: response.status,
    contentType: header("content-type"),
    contentEncoding: header("content-encoding"),
    location: header("location"),
    body: response.body,
  };
}

/** The same answer: status and target for a redirect (nginx adds a small HTML body), else the bytes too. */
const sameAnswer = (a: StoredAnswer, b: StoredAnswer) =>
  a.status === b.status &&
  (a.location ?? "") === (b.location ?? "") &&
  (isRedirect(a) ||
    ((a.contentEncoding ?? "") === (b.contentEncoding ?? "") &&
      (a.contentType ?? "") === (b.contentType ?? "") &&
      a.body.equals(b.body)));

const isRedirect = (answer: StoredAnswer) => answer.status >= 300 && answer.status < 400;

/** Fewer answers than this per connection and the figure is mostly the requests cut off at the end. */
const MIN_PER_CONNECTION = 4;

/**
 * One load of `seconds` after a warm-up that is not counted; a slow request (fewer than
 * MIN_PER_CONNECTION answers per connection) is measured again for four times as long, once: a 1-second run of a request served 20 times
 * a second would mostly count the requests still in flight when wrk stops.
 */
async function measureLoad(
  generator: typeof wrkLoad,
  url: URL,
  headers: Record<string, string>,
  options: LoadOptions,
): Promise<LoadResult> {
  if (warmUpSeconds > 0) await generator(url, headers, { ...options, seconds: warmUpSeconds });
  const first = await generator(url, headers, options);
  if (first.requests >= MIN_PER_CONNECTION * options.connections) return first;
  return generator(url, headers, { ...options, seconds: options.seconds * 4 });
}

interface Measured {
  request: PlannedRequest;
  answer: StoredAnswer;
  app: LoadResult;
  nginx?: LoadResult;
}

/**
 * Runs the stage against the app at `base` with `connections` per load; records and returns
 * its figures (null ones when it was skipped).
 */
export async function runFirstVisitBench(
  base: string,
  connections: number,
  log: (line: string) => void,
): Promise<Record<string, FigureValue>> {
  if (!chromiumAvailable()) {
    log(`first visit: skipped (no Chromium at ${CHROMIUM_PATH}; set CHROMIUM_PATH)`);
    // An older run's figures must not pass for this run's.
    const figures = firstVisitFigures(FIRST_VISIT_PAGES.map((label) => ({ label, path: "", requests: [] })));
    for (const [key, value] of Object.entries(figures)) recordFigure(key, value);
    return figures;
  }
  const origin = new URL(base).origin;
  const pages = (await publicPages(base)).filter((page) =>
    (FIRST_VISIT_PAGES as readonly string[]).includes(page.label),
  );

  // 1. The requests of each cold visit.
  const visits: { label: string; path: string; requests: PlannedRequest[] }[] = [];
  const browser = await launchChromium();
  try {
    for (const page of pages) {
      const captured = await captureVisit(browser, new URL(page.path, base).href);
      const { measured, skipped } = measurableRequests(captured, origin);
      visits.push({ label: page.label, path: page.path, requests: measured });
      const notes = [...new Set(skipped.map((s) => `${shortUrl(s.url)} (${s.reason})`))].join("; ");
      log(
        `first visit of ${page.label} ${page.path}: ${captured.length} requests, ${measured.length} measured${notes ? `; not measured: ${notes}` : ""}`,
      );
    }
  } finally {
    await browser.close();
  }

  // 2. Each distinct request once: the bytes to replay, and a warm app.
  const distinct = new Map<string, PlannedRequest>();
  for (const visit of visits)
    for (const r of visit.requests) if (!distinct.has(r.path)) distinct.set(r.path, r);
  const answers = new Map<string, StoredAnswer>();
  for (const request of distinct.values()) {
    const answer = await fetchAnswer(base, request);
    if (answer.status >= 400) log(`first visit: ${request.path} answered ${answer.status}`);
    answers.set(request.path, answer);
  }

  // 3. The anchor.
  const useWrk = wrkAvailable();
  let nginx: { base: string; stop: () => Promise<void> } | undefined;
  if (!useWrk) {
    log(
      `first visit: no wrk at ${WRK_PATH} (apt-get install wrk): the app's requests are measured with the bench's Node client, and no ratio to nginx is given (a Node client cannot load nginx to its ceiling)`,
    );
  } else if (!nginxAvailable()) {
    log(`first visit: no nginx at ${NGINX_PATH} (apt-get install nginx-light): no ratio to nginx`);
  } else {
    try {
      nginx = await startNginxAnchor([...answers.values()]);
      for (const request of distinct.values()) {
        if (!sameAnswer(answers.get(request.path)!, await fetchAnswer(nginx.base, request))) {
          throw new Error(`nginx does not answer ${request.path} with the app's bytes`);
        }
      }
    } catch (error) {
      log(`first visit: nginx anchor unavailable (${(error as Error).message}): no ratio to nginx`);
      await nginx?.stop();
      nginx = undefined;
    }
  }

  // 4. Each request on the app, then on nginx, back to back: a busy spell of the machine falls on both.
  const measure = useWrk ? wrkLoad : nodeLoad;
  const results = new Map<string, Measured>();
  const started = Date.now();
  try {
    for (const request of distinct.values()) {
      const answer = answers.get(request.path)!;
      const options: LoadOptions = { connections, seconds, status: answer.status };
      const app = await measureLoad(measure, new URL(request.path, base), request.headers, options);
      const anchor = nginx
        ? await measureLoad(wrkLoad, new URL(request.path, nginx.base), request.headers, options)
        : undefined;
      results.set(request.path, { request, answer, app, nginx: anchor });
    }
  } finally {
    await nginx?.stop();
  }
  log(
    `first visit: ${distinct.size} distinct requests measured in ${fmt((Date.now() - started) / 1000)} s (${useWrk ? `wrk, 1 thread` : "Node client"}, ${connections} connections, ${seconds} s each)`,
  );

  // 5. The table and the figures.
  console.log("");
  console.log(
    [
      "visit".padEnd(8),
      "request".padEnd(56),
      "type".padEnd(10),
      "status",
      "bytes".padStart(8),
      "enc".padEnd(4),
      "app req/s".padStart(10),
      "errors",
      "nginx req/s".padStart(11),
    ].join("  "),
  );
  const measurements: VisitMeasurement[] = visits.map((visit) => ({
    label: visit.label,
    path: visit.path,
    requests: visit.requests.map((r) => {
      const m = results.get(r.path)!;
      return { path: r.path, appRps: m.app.rps, nginxRps: m.nginx?.rps };
    }),
  }));
  let errors = 0;
  for (const visit of visits) {
    for (const r of visit.requests) {
      const m = results.get(r.path)!;
      errors += m.app.errors;
      console.log(
        [
          visit.label.padEnd(8),
          short(r.path, 56),
          short(r.resourceType, 10),
          String(m.answer.status).padStart(6),
          String(m.answer.body.length).padStart(8),
          short(m.answer.contentEncoding ?? "", 4),
          fmt(m.app.rps).padStart(10),
          String(m.app.errors).padStart(6),
          fmt(m.nginx?.rps).padStart(11),
        ].join("  "),
      );
    }
  }
  console.log("");
  for (const visit of measurements) {
    const s = summariseVisit(visit);
    console.log(
      `${visit.label.padEnd(8)} ${visit.path.padEnd(40)} ${String(visit.requests.length).padStart(3)} requests: app ${fmt(s.visitsPerS, 1)} visits/s, nginx ${fmt(s.nginxVisitsPerS, 1)} visits/s, ratio ${fmt(s.ratioToNginx, 4)}`,
    );
  }
  const figures = firstVisitFigures(measurements, "event");
  for (const [key, value] of Object.entries(figures)) recordFigure(key, value);
  recordFigure("firstVisit.errors", errors);
  if (errors > 0) {
    log(`first visit: ${errors} answers were errors (network, or another status than the single fetch's)`);
    process.exitCode = 1;
  }
  return figures;
}
