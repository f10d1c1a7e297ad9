/**
 * The bench's load generators: `nodeLoad` (back-to-back requests on kept-alive connections from
 * this process; what run.ts has always used for the event page and the static file) and
 * `wrkLoad` (`wrk`, a C load generator, one thread: fast enough to find nginx's ceiling, which a
 * Node client cannot, so the anchors of issue #35 are measured with it).
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import http from "node:http";
import { promisify } from "node:util";

const run = promisify(execFile);

export interface LoadResult {
  requests: number;
  /** Network errors, timeouts and answers other than the expected status. */
  errors: number;
  seconds: number;
  rps: number;
  /** Latency percentiles in ms (NaN when the generator does not report them). */
  p50: number;
  p99: number;
}

export interface LoadOptions {
  connections: number;
  seconds: number;
  /** The status a correct answer has (default 200). */
  status?: number;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** One GET on a kept-alive connection; resolves with its status and body size. */
function get(
  agent: http.Agent,
  url: URL,
  headers: Record<string, string>,
): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers }, (response) => {
      let bytes = 0;
      response.on("data", (chunk: Buffer) => (bytes += chunk.length));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, bytes }));
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

/** `connections` loops of back-to-back requests from this process for `seconds`. */
export async function nodeLoad(
  url: URL,
  headers: Record<string, string>,
  options: LoadOptions,
): Promise<LoadResult & { bytes: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const latencies: number[] = [];
  let errors = 0;
  let bytes = 0;
  const started = process.hrtime.bigint();
  const deadline = started + BigInt(Math.round(options.seconds * 1e9));
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (process.hrtime.bigint() < deadline) {
        const t = process.hrtime.bigint();
        try {
          const response = await get(agent, url, headers);
          if (response.status !== (options.status ?? 200)) errors++;
          bytes = response.bytes;
        } catch {
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
    requests: latencies.length,
    errors,
    seconds,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    bytes,
  };
}

export const WRK_PATH = process.env.BENCH_WRK ?? "/usr/bin/wrk";

export const wrkAvailable = (): boolean => existsSync(WRK_PATH);

export interface WrkReport {
  requests: number;
  seconds: number;
  rps: number;
  socketErrors: number;
  /** wrk's "Non-2xx or 3xx responses" (a redirect counts here too). */
  non2xx: number;
}

const DURATION_UNITS: Record<string, number> = { us: 1e-6, ms: 1e-3, s: 1, m: 60, h: 3600 };

/** The figures of wrk's text report; throws when it has none (wrk failed). */
export function parseWrkOutput(text: string): WrkReport {
  const total = /(\d+) requests in ([\d.]+)(us|ms|s|m|h),/.exec(text);
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(text);
  if (!total || !rps) throw new Error(`unreadable wrk report: ${text.trim().split("\n").pop() ?? ""}`);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(text);
  const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(text);
  return {
    requests: Number(total[1]),
    seconds: Number(total[2]) * DURATION_UNITS[total[3]!]!,
    rps: Number(rps[1]),
    socketErrors: socket ? socket.slice(1, 5).reduce((sum, n) => sum + Number(n), 0) : 0,
    non2xx: non2xx ? Number(non2xx[1]) : 0,
  };
}

/** `wrk -t1 -c<connections> -d<seconds>s` with the given headers. */
export async function wrkLoad(
  url: URL,
  headers: Record<string, string>,
  options: LoadOptions,
): Promise<LoadResult> {
  const args = ["-t1", `-c${options.connections}`, `-d${options.seconds}s`, "--timeout", "10s"];
  for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}: ${value}`);
  args.push(url.href);
  const { stdout } = await run(WRK_PATH, args, { timeout: (options.seconds + 30) * 1000 });
  const report = parseWrkOutput(stdout);
  // wrk only tells 2xx from the rest: with a redirect expected, every answer is in "non-2xx".
  const expected2xx = (options.status ?? 200) < 300;
  return {
    requests: report.requests,
    errors: report.socketErrors + (expected2xx ? report.non2xx : 0),
    seconds: report.seconds,
    rps: report.rps,
    p50: NaN,
    p99: NaN,
  };
}
