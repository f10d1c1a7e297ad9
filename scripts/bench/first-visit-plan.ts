/**
 * The pure parts of the bench's first-visit stage (./first-visit.ts, issue #35): which of the
 * requests a cold phone visit made are measured and with which headers, the server time a
 * visit costs (Σ 1/rps over its requests), the ratio to an anchor (none when the anchor was not
 * measured), and the figures written to `.bench/results.json`.
 */

/** One request the browser made during the visit, as Playwright saw it. */
export interface CapturedRequest {
  url: string;
  method: string;
  /** Playwright's resource type: document, script, stylesheet, image, fetch, font, … */
  resourceType: string;
  headers: Record<string, string>;
}

/** A request the bench measures: a same-origin GET, with the headers a browser sends. */
export interface PlannedRequest {
  /** Path and query, e.g. `/demo?_rsc=1x2y`. */
  path: string;
  resourceType: string;
  headers: Record<string, string>;
}

export interface SkippedRequest {
  url: string;
  reason: string;
}

/** What a compressing browser asks for (Chromium adds `zstd` and `deflate`; the servers here use neither). */
export const BROWSER_ACCEPT_ENCODING = "br, gzip";

/**
 * Headers that belong to the connection, not the request (HTTP/2 pseudo-headers, hop-by-hop),
 * or that the load generator sets itself.
 */
const DROPPED_HEADERS = new Set([
  "host",
  "connection",
  "keep-alive",
  "content-length",
  "transfer-encoding",
  "upgrade",
  "accept-encoding",
]);

/** The browser's request headers as the load generator sends them (lower-case names, sorted). */
export function browserHeaders(headers: Record<string, string>): Record<string, string> {
  const kept = Object.entries(headers)
    .map(([name, value]) => [name.toLowerCase(), value] as const)
    .filter(([name]) => !name.startsWith(":") && !DROPPED_HEADERS.has(name))
    .sort(([a], [b]) => a.localeCompare(b));
  return { ...Object.fromEntries(kept), "accept-encoding": BROWSER_ACCEPT_ENCODING };
}

/**
 * The requests of one visit the bench measures: same-origin GETs, each URL once (the first
 * time the browser asked for it), in the order the browser made them. Other origins (the store
 * a redirect points to, a third-party tag), writes (a view beacon: replaying it would add
 * rows) and `data:`/`blob:` URLs are listed as skipped, with the reason.
 */
export function measurableRequests(
  captured: readonly CapturedRequest[],
  origin: string,
): { measured: PlannedRequest[]; skipped: SkippedRequest[] } {
  const measured: PlannedRequest[] = [];
  const skipped: SkippedRequest[] = [];
  const seen = new Set<string>();
  for (const request of captured) {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      skipped.push({ url: request.url, reason: "not a URL" });
      continue;
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      skipped.push({ url: request.url, reason: `${url.protocol} URL` });
      continue;
    }
    if (url.origin !== origin) {
      skipped.push({ url: request.url, reason: "another origin" });
      continue;
    }
    if (request.method !== "GET") {
      skipped.push({ url: request.url, reason: `${request.method}: a write, not replayed` });
      continue;
    }
    const path = url.pathname + url.search;
    if (seen.has(path)) continue;
    seen.add(path);
    measured.push({ path, resourceType: request.resourceType, headers: browserHeaders(request.headers) });
  }
  return { measured, skipped };
}

/**
 * Seconds of one server's time a visit costs: the sum of 1/rps over its requests (each request
 * is served in 1/rps seconds of the server's full attention). NaN if any request was not measured.
 */
export function serverSecondsPerVisit(rps: readonly number[]): number {
  if (rps.length === 0) return NaN;
  let seconds = 0;
  for (const r of rps) {
    if (!(Number.isFinite(r) && r > 0)) return NaN;
    seconds += 1 / r;
  }
  return seconds;
}

/** Whole visits a server completes per second: 1 / (Σ 1/rps). */
export function visitsPerSecond(rps: readonly number[]): number {
  const seconds = serverSecondsPerVisit(rps);
  return Number.isFinite(seconds) ? 1 / seconds : NaN;
}

/**
 * `app` as a multiple of `anchor`, or undefined when the anchor was not measured (missing
 * tool, failed run): a ratio is never made up.
 */
export function ratioTo(app: number, anchor: number | undefined): number | undefined {
  if (anchor === undefined || !(Number.isFinite(anchor) && anchor > 0) || !Number.isFinite(app)) {
    return undefined;
  }
  return app / anchor;
}

/** One visit's measured requests: req/s of each on the app and, when measured, on nginx. */
export interface VisitMeasurement {
  label: string;
  path: string;
  requests: { path: string; appRps: number; nginxRps?: number }[];
}

export interface VisitSummary {
  label: string;
  visitsPerS: number;
  nginxVisitsPerS?: number;
  ratioToNginx?: number;
}

export function summariseVisit(visit: VisitMeasurement): VisitSummary {
  const visitsPerS = visitsPerSecond(visit.requests.map((r) => r.appRps));
  const nginxRps = visit.requests.map((r) => r.nginxRps);
  const nginxVisitsPerS = nginxRps.every((r): r is number => r !== undefined)
    ? visitsPerSecond(nginxRps)
    : undefined;
  const usable =
    nginxVisitsPerS !== undefined && Number.isFinite(nginxVisitsPerS) ? nginxVisitsPerS : undefined;
  return {
    label: visit.label,
    visitsPerS,
    nginxVisitsPerS: usable,
    ratioToNginx: ratioTo(visitsPerS, usable),
  };
}

export type FigureValue = number | string | null;

/**
 * The figures of the stage under their `.bench/results.json` keys: per visit
 * `firstVisit.<label>.visitsPerS`, `.requests`, `.nginxVisitsPerS` and `.ratioToNginx` (null
 * unless nginx served every request of the visit);
 * the slowest same-origin request of all visits on the app (`firstVisit.slowestRequestRps`,
 * `firstVisit.slowestRequestPath`); `nginx.pageRps`, nginx's req/s for the page of the visit
 * labelled `pageLabel` (null when not measured).
 */
export function firstVisitFigures(
  visits: readonly VisitMeasurement[],
  pageLabel = "event",
): Record<string, FigureValue> {
  const figures: Record<string, FigureValue> = {};
  for (const visit of visits) {
    const summary = summariseVisit(visit);
    figures[`firstVisit.${visit.label}.visitsPerS`] = finite(summary.visitsPerS);
    figures[`firstVisit.${visit.label}.requests`] = visit.requests.length;
    // null, not a number, when nginx was not measured: it overwrites an older run's ratio.
    figures[`firstVisit.${visit.label}.nginxVisitsPerS`] = summary.nginxVisitsPerS ?? null;
    figures[`firstVisit.${visit.label}.ratioToNginx`] = summary.ratioToNginx ?? null;
  }
  // A request that could not be measured is the slowest: its figure is null, not a guess.
  const all = visits.flatMap((visit) => visit.requests);
  const slowest =
    all.find((r) => !Number.isFinite(r.appRps)) ??
    all.reduce<(typeof all)[number] | undefined>(
      (worst, r) => (!worst || r.appRps < worst.appRps ? r : worst),
      undefined,
    );
  if (slowest) {
    figures["firstVisit.slowestRequestRps"] = finite(slowest.appRps);
    figures["firstVisit.slowestRequestPath"] = slowest.path;
  }
  const page = visits.find((visit) => visit.label === pageLabel);
  const pageNginx = page?.requests.find((r) => r.path === page.path)?.nginxRps;
  figures["nginx.pageRps"] = pageNginx !== undefined && Number.isFinite(pageNginx) ? pageNginx : null;
  return figures;
}

const finite = (n: number): number | null => (Number.isFinite(n) ? n : null);
