import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * V8's explicit compile hint (Chrome 136+): a script that starts with this comment has all its
 * functions compiled eagerly, on the background thread that streams the script in, instead of
 * lazily on the main thread the first time each is called. Other engines read a comment.
 *
 * Why: React DOM and the Next.js runtime are compiled function by function while the page
 * hydrates. On the event page that was ~60 ms of one main-thread task on this machine (a phone
 * is 4× slower): the largest part of the page's Total Blocking Time in Lighthouse (issue #16).
 * With the hint, the event page's TBT went from 145–300 ms to 60–165 ms.
 *
 * Only the build's root main files get it: the framework chunks every page runs at start-up,
 * where nearly every function is called while the page loads. A page's own chunks and the
 * chunks loaded on demand keep lazy compilation (eager compiling code that never runs is waste).
 * Next.js has no option for it, hence this step after `next build`.
 */
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

/** The source with the hint as its first line; unchanged when it already has it. */
export function withCompileHint(source: string): string {
  return source.startsWith(COMPILE_HINT) ? source : COMPILE_HINT + source;
}

/**
 * A source map for the hinted script: one more line at the top, so every mapping moves down by
 * one (a leading `;` is an empty first line in the `mappings` grammar).
 */
export function shiftSourceMapByOneLine(map: string): string {
  const parsed = JSON.parse(map) as { mappings?: unknown };
  if (typeof parsed.mappings !== "string") return map;
  return JSON.stringify({ ...parsed, mappings: `;${parsed.mappings}` });
}

async function readJson<T>(file: string): Promise<T | undefined> {
  const text = await readFile(file, "utf8").catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return undefined;
    throw error;
  });
  return text === undefined ? undefined : (JSON.parse(text) as T);
}

/**
 * Adds the hint to the root main files of the build in `distDir` (`.next`). Idempotent. A
 * source map next to a chunk is shifted with it. A build with subresource integrity
 * (`experimental.sri`) is left alone: Next.js has already written the chunks' digests into
 * the HTML it prerendered, and a changed chunk would be refused by the browser.
 * Returns the files it changed.
 */
export async function addCompileHints(distDir: string): Promise<string[]> {
  const manifest = await readJson<{ rootMainFiles?: string[] }>(path.join(distDir, "build-manifest.json"));
  if (!manifest) throw new Error(`compile hints: no build-manifest.json in ${distDir}`);
  const sri = await readJson<unknown>(path.join(distDir, "server", "subresource-integrity-manifest.json"));
  if (sri !== undefined) return [];

  const changed: string[] = [];
  for (const file of (manifest.rootMainFiles ?? []).filter((name) => name.endsWith(".js"))) {
    const chunk = path.join(distDir, file);
    const source = await readFile(chunk, "utf8");
    const hinted = withCompileHint(source);
    if (hinted === source) continue;
    await writeFile(chunk, hinted);
    const map = await readFile(`${chunk}.map`, "utf8").catch(() => undefined);
    if (map !== undefined) await writeFile(`${chunk}.map`, shiftSourceMapByOneLine(map));
    changed.push(file);
  }
  return changed;
}
