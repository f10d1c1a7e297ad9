import { randomBytes } from "node:crypto";
import { mkdir } from "node:fs/promises";
import type { IncomingMessage, RequestListener, Server, ServerResponse } from "node:http";
import { isIP } from "node:net";
import { createRequire } from "node:module";
import path from "node:path";
import { verifySignature } from "./embedded-s3-auth";
import { listParts } from "./embedded-s3-list-parts";
import type { S3Credentials } from "./local-secrets";

/**
 * What browsers may do on the embedded store from another origin: the admin pages' presigned PUTs
 * of uploads and of their parts (components/uploads), sending Content-Type and reading each
 * part's ETag. Nothing else: pictures, video and downloads load as elements and navigations,
 * which need no CORS. On S3 the bucket's CORS rules say this; here the store answers it itself,
 * so a refusal carries no Access-Control-Allow-Origin either (s3rver's own CORS would answer
 * every preflight it allows with `*`).
 */
const CORS = {
  methods: ["PUT"],
  requestHeaders: ["content-type"],
  exposeHeaders: ["ETag"],
  maxAgeSeconds: 3000,
} as const;

/** The part of s3rver 3.7's API used here (the package ships no type declarations). */
interface S3rverOptions {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
  /** Buckets created before the server listens. */
  configureBuckets: { name: string; configs: string[] }[];
}
interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
  httpServer?: Server;
  store: { deleteSubresource(bucket: string, key: undefined, type: "cors"): Promise<void> };
}
type S3rverConstructor = new (options: S3rverOptions) => S3rverInstance;
/** s3rver's one account: its registry of access keys is what s3rver checks a key id against. */
interface S3rverAccounts {
  DUMMY_ACCOUNT: { createKeyPair(accessKeyId: string, secretAccessKey: string): void };
}

// s3rver is CommonJS without types; require it and describe the little we use above.
const requireCjs = createRequire(import.meta.url);
const S3rver = requireCjs("s3rver") as S3rverConstructor;
const s3rverAccounts = requireCjs("s3rver/lib/models/account") as S3rverAccounts;

/**
 * Loopback names and addresses: `localhost`, `*.localhost`, 127.0.0.0/8, `::1` (brackets
 * allowed, as in a URL's host). Anything else can be reached from another machine.
 */
export function isLoopbackHost(host: string): boolean {
  const name = host
    .toLowerCase()
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/\.$/, "");
  if (name === "localhost" || name.endsWith(".localhost")) return true;
  if (isIP(name) === 4) return name.startsWith("127.");
  if (isIP(name) === 6) return name === "::1" || /^::ffff:127\./.test(name);
  return false;
}

/**
 * With the embedded store, S3_PUBLIC_ENDPOINT (the storage address put into browsers'
 * presigned URLs) may only name a loopback host: any other address means the store is
 * exposed to other machines (through a proxy, since it binds to loopback), and s3rver is a
 * test server, not one hardened for the internet. Throws with the reason; a production
 * deployment uses an external store (S3_ENDPOINT).
 */
export function assertEmbeddedPublicEndpoint(publicEndpoint: string | undefined): void {
  if (publicEndpoint === undefined) return;
  const host = new URL(publicEndpoint).hostname;
  if (!isLoopbackHost(host)) {
    throw new Error(
      `S3_PUBLIC_ENDPOINT (${publicEndpoint}) points at the embedded S3 store on a non-loopback ` +
        "address. The embedded store is for one machine only: set " +
        "S3_ENDPOINT and its credentials to an external S3-compatible store, or unset S3_PUBLIC_ENDPOINT.",
    );
  }
}

function s3ErrorXml(code: string, message: string): string {
  const escape = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<Error><Code>${escape(code)}</Code><Message>${escape(message)}</Message></Error>`
  );
}

function refuse(res: ServerResponse, code: string, message: string): void {
  const body = s3ErrorXml(code, message);
  res.writeHead(403, {
    "Content-Type": "application/xml",
    "Content-Length": Buffer.byteLength(body),
    // The body of a refused upload is not read: close rather than drain it.
    Connection: "close",
  });
  res.end(body);
}

/**
 * Serves only requests with a valid SigV4 signature for `credentials`; everything else gets
 * S3's 403 XML error before s3rver sees it.
 */
export function requireSignature(next: RequestListener, credentials: S3Credentials): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    const verdict = verifySignature(
      { method: req.method ?? "GET", url: req.url ?? "/", headers: req.headers },
      credentials,
    );
    if (verdict.ok) next(req, res);
    else refuse(res, verdict.code, verdict.message);
  };
}

/**
 * CORS as S3 answers it for the rules in `CORS`, for `allowedOrigins` only (exact origins, e.g.
 * `http://localhost:3000`). A preflight is answered here, unsigned by design (it carries no
 * credentials and serves no data); any other request from an allowed origin gets the headers
 * that let the page read the answer (the refusal of a bad signature included), then goes on.
 * A foreign origin gets no CORS header at all, so its pages cannot read anything.
 */
export function withCors(next: RequestListener, allowedOrigins: readonly string[]): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    const origin = req.headers.origin;
    const allowed = origin !== undefined && allowedOrigins.includes(origin);
    if (req.method === "OPTIONS") {
      const method = req.headers["access-control-request-method"] ?? "";
      const headers = (req.headers["access-control-request-headers"] ?? "")
        .split(",")
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean);
      const permitted =
        allowed &&
        (CORS.methods as readonly string[]).includes(method) &&
        headers.every((h) => (CORS.requestHeaders as readonly string[]).includes(h));
      if (!permitted) {
        refuse(res, "AccessForbidden", "CORSResponse: This CORS request is not allowed.");
        return;
      }
      res.writeHead(200, {
        "Access-Control-Allow-Origin": origin,
        "Access-Control-Allow-Methods": CORS.methods.join(", "),
        ...(headers.length > 0 ? { "Access-Control-Allow-Headers": headers.join(", ") } : {}),
        "Access-Control-Max-Age": String(CORS.maxAgeSeconds),
        Vary: "Origin, Access-Control-Request-Headers, Access-Control-Request-Method",
        "Content-Length": "0",
      });
      res.end();
      return;
    }
    if (allowed) {
      res.setHeader("Access-Control-Allow-Origin", origin);
      res.setHeader("Access-Control-Expose-Headers", CORS.exposeHeaders.join(", "));
    }
    // The answer depends on Origin: a cache must not hand one origin's answer to another.
    res.setHeader("Vary", "Origin");
    next(req, res);
  };
}

export interface RunningS3 {
  /** e.g. http://127.0.0.1:4569 — pair with `forcePathStyle: true`. */
  endpoint: string;
  port: number;
  /** The only key pair the store serves. */
  credentials: S3Credentials;
  stop(): Promise<void>;
}

/**
 * Starts s3rver on loopback with its objects under `directory` (kept between runs) and
 * `bucket` created. Resolves once the server listens. Only requests signed with `credentials`
 * (random when omitted: a throwaway store whose caller reads them back) are served, and
 * browsers' CORS requests only from `allowedOrigins` (none when omitted).
 */
export async function startEmbeddedS3(options: {
  directory: string;
  port: number;
  bucket: string;
  host?: string;
  credentials?: S3Credentials;
  allowedOrigins?: readonly string[];
}): Promise<RunningS3> {
  const directory = path.resolve(options.directory);
  const host = options.host ?? "127.0.0.1";
  if (!isLoopbackHost(host)) {
    throw new Error(`The embedded S3 store listens on loopback only, not on ${host}.`);
  }
  const credentials = options.credentials ?? {
    accessKeyId: randomBytes(32).toString("base64url"),
    secretAccessKey: randomBytes(32).toString("base64url"),
  };
  await mkdir(directory, { recursive: true });

  // s3rver refuses a key id it does not know (InvalidAccessKeyId) before it looks further; it
  // only knows its public S3RVER, which the signature check in front of it never lets through.
  s3rverAccounts.DUMMY_ACCOUNT.createKeyPair(credentials.accessKeyId, credentials.secretAccessKey);
  const server = new S3rver({
    address: host,
    port: options.port,
    directory,
    silent: true,
    configureBuckets: [{ name: options.bucket, configs: [] }],
  });
  // Data folders from before kept a CORS rule allowing every origin, which s3rver would still
  // apply to signed requests: CORS is answered in front of s3rver now (withCors).
  await server.store.deleteSubresource(options.bucket, undefined, "cors");
  let address: { port: number };
  try {
    address = await server.run();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EADDRINUSE") {
      throw new Error(
        `Port ${options.port} is in use, so the local S3 server cannot start. ` +
          "Stop the other Afterglow instance or set EMBEDDED_S3_PORT.",
      );
    }
    throw error;
  }
  // s3rver serves unsigned requests and does not verify V4 signatures: put the check in
  // front of its handler (and ListParts, which s3rver lacks, behind the check), and CORS in
  // front of both. Nothing can arrive before this runs (no I/O since listen()).
  const httpServer = server.httpServer;
  if (!httpServer) throw new Error("s3rver did not expose its HTTP server");
  const allowedOrigins = options.allowedOrigins ?? [];
  for (const listener of httpServer.listeners("request") as RequestListener[]) {
    httpServer.off("request", listener);
    httpServer.on(
      "request",
      withCors(requireSignature(listParts(listener, directory), credentials), allowedOrigins),
    );
  }

  let stopped: Promise<void> | undefined;
  return {
    endpoint: `http://${host}:${address.port}`,
    port: address.port,
    credentials,
    stop() {
      stopped ??= (async () => {
        const closing = server.close();
        // close() waits for open keep-alive sockets (SDK clients pool them); drop them
        // so stopping never hangs on a client that is still alive.
        server.httpServer?.closeAllConnections();
        await closing;
      })();
      return stopped;
    },
  };
}
