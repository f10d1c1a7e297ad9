/** Types of what the TypeScript uses of server/static-files.cjs (scripts/lib/precompress.ts, tests). */
import type { IncomingMessage, ServerResponse } from "node:http";

/** File extensions whose files are kept with brotli and gzip siblings. */
export declare const COMPRESSIBLE: ReadonlySet<string>;
export declare const IMMUTABLE: string;
export declare const PUBLIC_MAX_AGE: string;

/** Brotli 11 and gzip 9 of `body` (by its file name's extension), each only when smaller. */
export declare function compressOnce(body: Buffer, name: string): { br?: Buffer; gzip?: Buffer };

export declare function chooseEncoding(
  header: string | undefined,
  available: readonly string[],
): string | null;

export interface StaticHandler {
  serve(req: IncomingMessage, res: ServerResponse): boolean;
  files: ReadonlyMap<string, unknown>;
}

export declare function staticFiles(options: {
  dir: string;
  urlPrefix: string;
  cacheControl: string;
  notFound: "404" | "next";
  compress?: boolean;
  headerRules?: readonly unknown[];
}): StaticHandler;

export declare function productionStaticFiles(projectDir: string): StaticHandler & {
  build: StaticHandler;
  publicFiles: StaticHandler;
};
