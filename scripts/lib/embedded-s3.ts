import { mkdir } from "node:fs/promises";
import type { Server } from "node:http";
import { createRequire } from "node:module";
import path from "node:path";

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

export interface RunningS3 {
  /** e.g. http://127.0.0.1:4569 — pair with `forcePathStyle: true`. */
  endpoint: string;
  port: number;
  stop(): Promise<void>;
}

/**
 * Starts s3rver on loopback with its objects under `directory` (kept between runs) and
 * `bucket` created with the CORS rules above. Resolves once the server listens.
 */
export async function startEmbeddedS3(options: {
  directory: string;
  port: number;
  bucket: string;
  host?: string;
}): Promise<RunningS3> {
  const directory = path.resolve(options.directory);
  const host = options.host ?? "127.0.0.1";
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
