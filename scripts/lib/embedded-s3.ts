import { mkdir } from "node:fs/promises";
import type { IncomingMessage, RequestListener, Server, ServerResponse } from "node:http";
import { isIP } from "node:net";
import { createRequire } from "node:module";
import path from "node:path";
import { verifySignature } from "./embedded-s3-auth";
import { listParts } from "./embedded-s3-list-parts";

/** s3rver accepts only its built-in account; any other key pair gets InvalidAccessKeyId. */
export const EMBEDDED_S3_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } as const;

/**
 * Browsers upload straight to storage with presigned PUTs and read the ETag of each
 * part, so every origin may GET/PUT/POST/HEAD with any header, and ETag is exposed.
 */
export const EMBEDDED_S3_CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>POST</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

/** The part of s3rver 3.7's API used here (the package ships no type declarations). */
interface S3rverOptions {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
  /** Buckets (and their CORS configuration) created or updated before the server listens. */
  configureBuckets: { name: string; configs: string[] }[];
}
interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
  httpServer?: Server;
}
type S3rverConstructor = new (options: S3rverOptions) => S3rverInstance;

// s3rver is CommonJS without types; require it and describe the little we use above.
const S3rver = createRequire(import.meta.url)("s3rver") as S3rverConstructor;

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
 * exposed to other machines (through a proxy, since it binds to loopback), and s3rver's
 * credentials are public knowledge. Throws with the reason; a production deployment uses
 * an external store (S3_ENDPOINT).
 */
export function assertEmbeddedPublicEndpoint(publicEndpoint: string | undefined): void {
  if (publicEndpoint === undefined) return;
  const host = new URL(publicEndpoint).hostname;
  if (!isLoopbackHost(host)) {
    throw new Error(
      `S3_PUBLIC_ENDPOINT (${publicEndpoint}) points at the embedded S3 store on a non-loopback ` +
        "address. The embedded store is for one machine only (its keys are public): set " +
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

/**
 * Lets through CORS preflights (unsigned by design; s3rver answers them from the bucket's
 * CORS rules and serves no data) and requests with a valid SigV4 signature for
 * `credentials`; everything else gets S3's 403 XML error before s3rver sees it.
 */
export function requireSignature(
  next: RequestListener,
  credentials: { accessKeyId: string; secretAccessKey: string },
): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    if (req.method === "OPTIONS") {
      next(req, res);
      return;
    }
    const verdict = verifySignature(
      { method: req.method ?? "GET", url: req.url ?? "/", headers: req.headers },
      credentials,
    );
    if (verdict.ok) {
      next(req, res);
      return;
    }
    const body = s3ErrorXml(verdict.code, verdict.message);
    res.writeHead(403, {
      "Content-Type": "application/xml",
      "Content-Length": Buffer.byteLength(body),
      // Lets a browser's upload code read the refusal instead of a bare network error.
      ...(req.headers.origin ? { "Access-Control-Allow-Origin": "*" } : {}),
      // The body of a refused upload is not read: close rather than drain it.
      Connection: "close",
    });
    res.end(body);
  };
}

export interface RunningS3 {
  /** e.g. http://127.0.0.1:4569 — pair with `forcePathStyle: true`. */
  endpoint: string;
  port: number;
  stop(): Promise<void>;
}

/**
 * Starts s3rver on loopback with its objects under `directory` (kept between runs) and
 * `bucket` created with the CORS rules above. Resolves once the server listens. Only
 * requests signed with EMBEDDED_S3_CREDENTIALS (and CORS preflights) are served.
 */
export async function startEmbeddedS3(options: {
  directory: string;
  port: number;
  bucket: string;
  host?: string;
}): Promise<RunningS3> {
  const directory = path.resolve(options.directory);
  const host = options.host ?? "127.0.0.1";
  if (!isLoopbackHost(host)) {
    throw new Error(`The embedded S3 store listens on loopback only, not on ${host}.`);
  }
  await mkdir(directory, { recursive: true });

  const server = new S3rver({
    address: host,
    port: options.port,
    directory,
    silent: true,
    configureBuckets: [{ name: options.bucket, configs: [EMBEDDED_S3_CORS] }],
  });
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
  // front of its handler (and ListParts, which s3rver lacks, behind the check). Nothing can arrive before this runs (no I/O since listen()).
  const httpServer = server.httpServer;
  if (!httpServer) throw new Error("s3rver did not expose its HTTP server");
  for (const listener of httpServer.listeners("request") as RequestListener[]) {
    httpServer.off("request", listener);
    httpServer.on("request", requireSignature(listParts(listener, directory), EMBEDDED_S3_CREDENTIALS));
  }

  let stopped: Promise<void> | undefined;
  return {
    endpoint: `http://${host}:${address.port}`,
    port: address.port,
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
