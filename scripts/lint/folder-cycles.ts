/**
 * `npm run lint`'s folder-cycle check: no two folders of lib/ (each folder of a tier:
 * `lib/features/content`) or of components/ (`components/player`) may import each other,
 * directly or around a ring. ESLint's rules see one file at a time; a ring of folders is a
 * property of the whole graph, so it is found here (Tarjan's strongly connected components).
 *
 *   node --import tsx scripts/lint/folder-cycles.ts     prints the rings and exits 1, or "no folder cycles"
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

/** Where folders are compared, and how deep a path names its folder. */
export const ROOTS = [
  { root: "lib", depth: 2 }, // lib/<tier>/<folder>
  { root: "components", depth: 1 }, // components/<folder>
] as const;

const IMPORT = /(?:\bfrom|\bimport|\brequire)\s*\(?\s*["'](@\/[^"']+|\.{1,2}\/[^"']+)["']/g;

/** The folder a file (or an imported module id, without extension) belongs to. */
export function folderOf(file: string, depth: number): string {
  const parts = file.replace(/\.(ts|tsx|mjs|cjs)$/, "").split("/");
  return parts.slice(0, Math.min(depth + 1, parts.length)).join("/");
}

/** Folder → the folders its files import, within `root`. */
export function folderGraph(files: { path: string; source: string }[], root: string, depth: number) {
  const edges = new Map<string, Set<string>>();
  for (const file of files) {
    const from = folderOf(file.path, depth);
    for (const match of file.source.matchAll(IMPORT)) {
      const spec = match[1]!;
      const target = spec.startsWith("@/")
        ? spec.slice(2)
        : path.posix.join(path.posix.dirname(file.path), spec);
      if (!target.startsWith(`${root}/`) || target.startsWith("lib/generated/")) continue;
      const to = folderOf(target, depth);
      if (to === from) continue;
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from)!.add(to);
    }
  }
  return edges;
}

/** The rings: strongly connected components of more than one folder. */
export function cycles(edges: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const ring: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        ring.push(w);
      } while (w !== v);
      if (ring.length > 1) found.push(ring.sort());
    }
  };
  const nodes = new Set([...edges.keys(), ...[...edges.values()].flatMap((s) => [...s])]);
  for (const v of [...nodes].sort()) if (!index.has(v)) visit(v);
  return found;
}

function sourcesUnder(dir: string): { path: string; source: string }[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((name) => path.posix.join(dir, name.split(path.sep).join("/")))
    .filter((file) => /\.(ts|tsx|mjs|cjs)$/.test(file) && !file.startsWith("lib/generated/"))
    .map((file) => ({ path: file, source: readFileSync(file, "utf8") }));
}

/** Each ring with, for each edge inside it, one import that makes it (what to move). */
export function folderCycleReport(cwd = process.cwd()): string[] {
  const report: string[] = [];
  const here = process.cwd();
  process.chdir(cwd);
  try {
    for (const { root, depth } of ROOTS) {
      const files = sourcesUnder(root);
      const edges = folderGraph(files, root, depth);
      for (const ring of cycles(edges)) {
        const members = new Set(ring);
        const why = files.flatMap((file) => {
          const from = folderOf(file.path, depth);
          if (!members.has(from)) return [];
          const one = folderGraph([file], root, depth).get(from) ?? new Set();
          return [...one].filter((to) => members.has(to)).map((to) => `    ${file.path} → ${to}`);
        });
        report.push(`folder cycle: ${ring.join(" ⇄ ")}\n${why.join("\n")}`);
      }
    }
  } finally {
    process.chdir(here);
  }
  return report;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const report = folderCycleReport();
  if (report.length) {
    console.error(report.join("\n\n"));
    console.error(
      "\nMove the shared piece down a tier, or into the folder that owns it (docs/architecture.md).",
    );
    process.exit(1);
  }
  console.log("no folder cycles in lib/ or components/");
}
