import { readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { COMPRESSIBLE, compressOnce } from "../../server/static-files.cjs";

/**
 * Brotli (quality 11) and gzip (level 9) siblings of every compressible file of the build's
 * static files (`.next/static`: `x.js` → `x.js.br`, `x.js.gz`), each written only when smaller
 * than the file (issue #35). The production server (server/static-files.cjs) serves them from
 * memory, and Caddy's `file_server { precompressed br gzip }` from disk; nothing compresses a
 * script or a stylesheet per request any more. Images and woff/woff2 fonts are compressed
 * already and get none (server/static-files.cjs `COMPRESSIBLE`).
 *
 * Runs after the compile hints (which rewrite chunks). Idempotent: a file whose siblings are
 * newer than it is skipped, so `npm start` can run it on a build made before this step
 * existed. Returns the files it compressed.
 */
export const SIBLING_SUFFIXES = { br: ".br", gzip: ".gz" } as const;

async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return walk(full);
      return Promise.resolve(entry.isFile() ? [full] : []);
    }),
  );
  return nested.flat();
}

const isSibling = (file: string) => Object.values(SIBLING_SUFFIXES).some((suffix) => file.endsWith(suffix));

async function upToDate(file: string, mtimeMs: number): Promise<boolean> {
  // Either sibling newer than the file: this step ran on this version of it (a sibling that
  // was not smaller is not written, so one is enough).
  for (const suffix of Object.values(SIBLING_SUFFIXES)) {
    const sibling = await stat(file + suffix).catch(() => undefined);
    if (sibling && sibling.mtimeMs >= mtimeMs) return true;
  }
  return false;
}

export async function precompressStatic(distDir: string): Promise<string[]> {
  const files = await walk(path.join(distDir, "static"));
  const compressed: string[] = [];
  for (const file of files) {
    if (isSibling(file)) continue;
    const extension = path.extname(file).slice(1).toLowerCase();
    if (!COMPRESSIBLE.has(extension)) continue;
    const info = await stat(file);
    if (await upToDate(file, info.mtimeMs)) continue;
    const variants = compressOnce(await readFile(file), file);
    for (const [encoding, suffix] of Object.entries(SIBLING_SUFFIXES)) {
      const bytes = variants[encoding as keyof typeof SIBLING_SUFFIXES];
      if (bytes) await writeFile(file + suffix, bytes);
      else await rm(file + suffix, { force: true });
    }
    compressed.push(path.relative(distDir, file));
  }
  return compressed;
}
