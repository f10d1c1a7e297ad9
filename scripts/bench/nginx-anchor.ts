/**
 * The nginx anchor of the first-visit stage (issue #35): the very bytes the app answered for
 * each request of a visit (body, content type and content encoding as the app sent them),
 * served by nginx (`nginx-light`, one worker, `daemon off`, its own configuration in a temporary
 * folder, a free loopback port). A gzip answer is served through `gzip_static` (the app's gzip
 * bytes as `<file>.gz` beside the plain body); a brotli one (nginx-light has no brotli module)
 * as the stored bytes with `Content-Encoding: br`; a redirect with `return`. What nginx serves
 * then is what a well-kept static server can do with the same bytes on this machine, now.
 *
 *   BENCH_NGINX=/usr/sbin/nginx
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { freePort } from "../lib/free-port";

export const NGINX_PATH = process.env.BENCH_NGINX ?? "/usr/sbin/nginx";

export const nginxAvailable = (): boolean => existsSync(NGINX_PATH);

/** One answer of the app, kept byte for byte. */
export interface StoredAnswer {
  /** Path and query, as requested. */
  path: string;
  status: number;
  contentType?: string;
  contentEncoding?: string;
  location?: string;
  body: Buffer;
}

/** A string nginx's configuration reads back unchanged inside double quotes. */
function quoted(value: string): string {
  if (/["\\\r\n]/.test(value) || value.includes("${")) {
    throw new Error(`cannot put ${JSON.stringify(value)} in an nginx configuration`);
  }
  return `"${value}"`;
}

const nextPowerOfTwo = (n: number) => 2 ** Math.ceil(Math.log2(n));

/**
 * The configuration serving `answers` (answer i from `<root>/e<i>`), with `prefix` for nginx's
 * own files. Requests are told apart by their whole URI, query included (`$request_uri`), so two
 * RSC requests of one path with different `_rsc` values get their own answers. nginx's `map`
 * compares strings without case: two URIs differing only in case are refused.
 */
export function nginxConfig(answers: readonly StoredAnswer[], port: number, prefix: string): string {
  const seen = new Set<string>();
  for (const answer of answers) {
    const key = answer.path.toLowerCase();
    if (seen.has(key)) throw new Error(`two answers for ${answer.path} (nginx maps ignore case)`);
    seen.add(key);
  }
  const longest = Math.max(64, ...answers.map((a) => a.path.length + 8));
  const map = answers.map((a, i) => `    ${quoted(a.path)} e${i};`).join("\n");
  const locations = answers
    .map((a, i) => {
      const lines = [`location = /e${i} {`, "  internal;"];
      if (a.status >= 300 && a.status < 400 && a.location) {
        lines.push(`  return ${a.status} ${quoted(a.location)};`);
      } else {
        lines.push(`  default_type ${quoted(a.contentType ?? "application/octet-stream")};`);
        if (a.contentEncoding === "gzip") lines.push("  gzip_static on;");
        else if (a.contentEncoding) lines.push(`  add_header Content-Encoding ${quoted(a.contentEncoding)};`);
        if (a.contentEncoding) lines.push('  add_header Vary "Accept-Encoding";');
      }
      lines.push("}");
      return lines.map((line) => `    ${line}`).join("\n");
    })
    .join("\n");
  return `# Written by scripts/bench/nginx-anchor.ts for one bench run.
worker_processes 1;
daemon off;
pid ${path.join(prefix, "nginx.pid")};
error_log ${path.join(prefix, "error.log")} warn;
events {
  worker_connections 1024;
}
http {
  access_log off;
  client_body_temp_path ${path.join(prefix, "tmp")};
  proxy_temp_path ${path.join(prefix, "tmp")};
  fastcgi_temp_path ${path.join(prefix, "tmp")};
  uwsgi_temp_path ${path.join(prefix, "tmp")};
  scgi_temp_path ${path.join(prefix, "tmp")};
  sendfile on;
  tcp_nopush on;
  tcp_nodelay on;
  keepalive_requests 1000000;
  types {}
  map_hash_bucket_size ${nextPowerOfTwo(longest)};
  map_hash_max_size ${nextPowerOfTwo(Math.max(512, answers.length * 4))};
  map $request_uri $bench_entry {
    default "";
${map}
  }
  server {
    listen 127.0.0.1:${port};
    root ${path.join(prefix, "files")};
    location / {
      if ($bench_entry = "") {
        return 404;
      }
      rewrite ^ /$bench_entry? last;
    }
${locations}
  }
}
`;
}

/** The file(s) of one answer under `files/`: a gzip answer also as its plain body, for gzip_static. */
export function answerFiles(answer: StoredAnswer, index: number): [string, Buffer][] {
  if (answer.status >= 300 && answer.status < 400) return [];
  if (answer.contentEncoding === "gzip") {
    return [
      [`e${index}`, gunzipSync(answer.body)],
      [`e${index}.gz`, answer.body],
    ];
  }
  return [[`e${index}`, answer.body]];
}

function waitForPort(port: number, deadlineMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const attempt = () => {
      const socket = net.connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve();
      });
      socket.once("error", () => {
        socket.destroy();
        if (Date.now() - started > deadlineMs) reject(new Error("nginx did not start listening"));
        else setTimeout(attempt, 100);
      });
    };
    attempt();
  });
}

/** Starts nginx serving `answers`; resolves with its base URL and a stop function. */
export async function startNginxAnchor(
  answers: readonly StoredAnswer[],
): Promise<{ base: string; stop: () => Promise<void> }> {
  const prefix = await mkdtemp(path.join(os.tmpdir(), "afterglow-bench-nginx-"));
  // As root, nginx's worker runs as `nobody`: it must be able to read the files.
  await chmod(prefix, 0o755);
  await mkdir(path.join(prefix, "files"), { recursive: true, mode: 0o755 });
  await mkdir(path.join(prefix, "tmp"), { recursive: true });
  for (const [index, answer] of answers.entries()) {
    for (const [name, bytes] of answerFiles(answer, index)) {
      await writeFile(path.join(prefix, "files", name), bytes, { mode: 0o644 });
    }
  }
  const port = await freePort();
  const conf = path.join(prefix, "nginx.conf");
  await writeFile(conf, nginxConfig(answers, port, prefix));
  const nginx = spawn(NGINX_PATH, ["-p", prefix, "-e", path.join(prefix, "error.log"), "-c", conf], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  nginx.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => nginx.once("exit", () => resolve()));
  const stop = async () => {
    if (nginx.exitCode === null && nginx.signalCode === null) {
      nginx.kill("SIGTERM");
      await exited;
    }
    await rm(prefix, { recursive: true, force: true });
  };
  try {
    await Promise.race([
      waitForPort(port, 10_000),
      exited.then(async () => {
        const log = await readFile(path.join(prefix, "error.log"), "utf8").catch(() => "");
        throw new Error(`nginx exited: ${(stderr || log).trim().split("\n").pop() ?? ""}`);
      }),
    ]);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base: `http://127.0.0.1:${port}`, stop };
}
