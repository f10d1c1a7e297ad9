import { readFileSync, existsSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { pageClientNamespaces, pickMessages, publicClientNamespaces } from "@/lib/core/i18n/client-messages";
import type { Messages } from "@/lib/core/i18n/messages";
import pt from "@/messages/pt.json";

const root = process.cwd();

function resolveImport(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith("@/")) base = path.join(root, spec.slice(2));
  else if (spec.startsWith(".")) base = path.resolve(path.dirname(from), spec);
  else return null;
  for (const ext of ["", ".ts", ".tsx", "/index.ts", "/index.tsx"]) {
    const file = base + ext;
    if (existsSync(file) && statSync(file).isFile() && /\.tsx?$/.test(file)) return file;
  }
  return null;
}

/**
 * The message namespaces the client components reachable from `entries` read: the argument of
 * `useTranslations("…")`, or, for `useTranslations()`, the first segment of each literal key.
 */
function clientNamespaces(entries: string[]): Set<string> {
  const found = new Set<string>();
  const seen = new Set<string>();
  const walk = (file: string, inClient: boolean) => {
    const key = `${file}|${inClient}`;
    if (seen.has(key)) return;
    seen.add(key);
    const source = readFileSync(file, "utf8");
    const client = inClient || /^["']use client["']/m.test(source.slice(0, 200));
    if (client) {
      for (const [, ns] of source.matchAll(/useTranslations\(\s*["'`]([^"'`]+)["'`]\s*\)/g)) found.add(ns!);
      if (/useTranslations\(\s*\)/.test(source))
        for (const [, first] of source.matchAll(/\bt\(\s*["'`]([a-zA-Z]+)\./g)) found.add(first!);
    }
    for (const match of source.matchAll(
      /(?:import|export)[^"']*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g,
    )) {
      const next = resolveImport(file, (match[1] ?? match[2])!);
      if (next) walk(next, client);
    }
  };
  for (const entry of entries) walk(path.join(root, entry), false);
  return found;
}

const covered = (ns: string, picked: readonly string[]) =>
  picked.some((name) => name === ns || ns.startsWith(`${name}.`) || name.startsWith(`${ns}.`));

describe("client messages", () => {
  it("picks whole namespaces and one part of a namespace by a dotted name", () => {
    const messages: Messages = {
      auth: { title: "Entrar" },
      admin: { accessDenied: { title: "x" }, nav: { a: "b" } },
    };
    expect(pickMessages(messages, ["auth", "admin.accessDenied", "missing", "admin.missing"])).toEqual({
      auth: { title: "Entrar" },
      admin: { accessDenied: { title: "x" } },
    });
  });

  it("merges two parts of one namespace", () => {
    const messages: Messages = { admin: { a: { x: "1" }, b: { y: "2" }, c: { z: "3" } } };
    expect(pickMessages(messages, ["admin.a", "admin.b"])).toEqual({
      admin: { a: { x: "1" }, b: { y: "2" } },
    });
  });

  it("sends the auth pages a fraction of the catalogue, with every namespace their client components read", () => {
    const picked = [...publicClientNamespaces, ...pageClientNamespaces.auth];
    const entries = [
      "page.tsx",
      "forgot-password/page.tsx",
      "reset-password/page.tsx",
      "[...rest]/page.tsx",
    ].map((page) => `app/[locale]/(per-request)/auth/${page}`);
    const read = clientNamespaces(entries);
    expect(read).toContain("auth"); // the walk finds the forms
    for (const ns of read) expect(covered(ns, picked), `${ns} is read on the auth pages`).toBe(true);

    const all = JSON.stringify(pt).length;
    const sent = JSON.stringify(pickMessages(pt as Messages, picked)).length;
    expect(sent / all).toBeLessThan(0.25);
  });
});
