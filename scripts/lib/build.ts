import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { addCompileHints } from "./compile-hints";
import { precompressStatic } from "./precompress";

/** The project root (this file is scripts/lib/build.ts). */
export const projectRoot = path.resolve(import.meta.dirname, "../..");

/** Everything a production build depends on; folders are walked recursively. */
const SOURCES = [
  "app",
  "components",
  "lib",
  "server",
  "messages",
  "public",
  "proxy.ts",
  "instrumentation-client.ts",
  "next.config.ts",
  "package-lock.json",
  "tsconfig.json",
  "postcss.config.mjs",
  "postcss.config.js",
  "postcss.config.cjs",
  "postcss.config.ts",
  "prisma/schema.prisma",
];
/** Derived from prisma/schema.prisma, which is hashed instead. */
const EXCLUDED = new Set(["lib/generated"]);

/** Written into .next after a successful build; the build is fresh while it matches. */
export const BUILD_HASH_FILE = "afterglow-source-hash";

async function listFiles(root: string, relative: string): Promise<string[]> {
  if (EXCLUDED.has(relative)) return [];
  const info = await stat(path.join(root, relative)).catch(() => undefined);
  if (!info) return [];
  if (info.isFile()) return [relative];
  if (!info.isDirectory()) return [];
  const entries = await readdir(path.join(root, relative));
  const nested = await Promise.all(entries.map((entry) => listFiles(root, path.posix.join(relative, entry))));
  return nested.flat();
}

/** The settings a build renders into its static pages (lib/core/env.ts `staticPageSettings`). */
export type PageSettings = Record<string, string>;

/**
 * sha256 over the sorted paths and contents of the build inputs, and the settings the static
 * pages are rendered with (`/`, `/auth`, the legal pages: APP_URL in their canonical link and
 * share tags). A build made with others (the e2e suite's or the bench's random port, a staging
 * host) must not be served: its links would point there.
 */
export async function sourceHash(settings: PageSettings, root: string = projectRoot): Promise<string> {
  const files = (await Promise.all(SOURCES.map((source) => listFiles(root, source)))).flat().sort();
  const hash = createHash("sha256");
  for (const [name, value] of Object.entries(settings).sort(([a], [b]) => a.localeCompare(b)))
    hash.update(`${name}\0${value.length}\0${value}`);
  for (const file of files) {
    // Path and length frame each file, so moving bytes between files changes the hash.
    const content = await readFile(path.join(root, file));
    hash.update(`${file}\0${content.length}\0`);
    hash.update(content);
  }
  return hash.digest("hex");
}

/** True when `.next` holds a completed production build of exactly these sources and settings. */
export async function isBuildFresh(
  settings: PageSettings,
  root: string = projectRoot,
  hash?: string,
): Promise<boolean> {
  const distDir = path.join(root, ".next");
  const [stored, buildId] = await Promise.all([
    readFile(path.join(distDir, BUILD_HASH_FILE), "utf8").catch(() => undefined),
    stat(path.join(distDir, "BUILD_ID")).catch(() => undefined),
  ]);
  return buildId !== undefined && stored?.trim() === (hash ?? (await sourceHash(settings, root)));
}

export interface BuildOptions {
  /** What the static pages are rendered with (lib/core/env.ts `staticPageSettings()`). */
  settings: PageSettings;
  root?: string;
  /** Extra variables for `next build` (the services' env: modules evaluated at build time may read them). */
  env?: Record<string, string>;
  log?: (message: string) => void;
  /** Aborting stops the build (its whole process group). */
  signal?: AbortSignal;
  /** Build even when the stored hash matches. */
  force?: boolean;
}

/**
 * Runs `next build` unless `.next` already holds a build of the current sources.
 * The hash is stored only after a successful build, and removed before building, so a
 * failed or interrupted build is never taken for a fresh one.
 */
export async function ensureProductionBuild(
  options: BuildOptions,
): Promise<{ built: boolean; hash: string }> {
  const root = options.root ?? projectRoot;
  const log = options.log ?? (() => undefined);
  const hash = await sourceHash(options.settings, root);
  if (!options.force && (await isBuildFresh(options.settings, root, hash))) {
    log("production build is up to date");
    // A build made before the precompression step: its files get their siblings now.
    await precompress(root, log);
    return { built: false, hash };
  }

  log("building for production (next build), this takes a minute or two...");
  const hashFile = path.join(root, ".next", BUILD_HASH_FILE);
  await rm(hashFile, { force: true });
  await runNext(["build"], {
    root,
    // Pass-through of the caller's environment (not configuration reading, which is env.ts's job).
    // The settings as stamped (APP_URL even where only PORT was set).
    env: { ...process.env, ...options.env, ...options.settings, NODE_ENV: "production" },
    signal: options.signal,
  });
  const hinted = await addCompileHints(path.join(root, ".next"));
  log(`compile hints on ${hinted.length} start-up chunks (scripts/lib/compile-hints.ts)`);
  await precompress(root, log);
  // Hashed again: `next build` may itself rewrite an input (it edits tsconfig.json when
  // that lacks something it needs), and the stamp must match the tree it leaves behind.
  const builtHash = await sourceHash(options.settings, root);
  await writeFile(hashFile, `${builtHash}\n`);
  log("build finished");
  return { built: true, hash: builtHash };
}

/** Brotli and gzip siblings of the build's static files (scripts/lib/precompress.ts), after the compile hints. */
async function precompress(root: string, log: (message: string) => void): Promise<void> {
  const started = Date.now();
  const compressed = await precompressStatic(path.join(root, ".next"));
  if (compressed.length > 0)
    log(`precompressed ${compressed.length} static files, brotli 11 and gzip 9 (${Date.now() - started} ms)`);
}

/** The Next.js CLI, run with this Node binary (no npx wrapper that could outlive a kill). */
export function nextBin(root: string = projectRoot): string {
  return path.join(root, "node_modules", "next", "dist", "bin", "next");
}

async function runNext(
  args: string[],
  options: { root: string; env: NodeJS.ProcessEnv; signal?: AbortSignal },
): Promise<void> {
  options.signal?.throwIfAborted();
  const child = spawn(process.execPath, [nextBin(options.root), ...args], {
    cwd: options.root,
    env: options.env,
    stdio: "inherit",
    // Own process group, so an abort stops the build's workers too.
    detached: true,
  });
  const abort = () => {
    if (child.pid) {
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        // already gone
      }
    }
  };
  options.signal?.addEventListener("abort", abort, { once: true });
  try {
    await new Promise<void>((resolve, reject) => {
      child.once("error", reject);
      child.once("exit", (code, signal) => {
        if (options.signal?.aborted) reject(new Error("next build was interrupted"));
        else if (code === 0) resolve();
        else reject(new Error(`next ${args.join(" ")} failed (${signal ?? `exit code ${code}`})`));
      });
    });
  } finally {
    options.signal?.removeEventListener("abort", abort);
  }
}
