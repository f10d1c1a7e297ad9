import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * What the sign-in pages' client components pull into the browser (issue #16: at most 175 KB of
 * JavaScript per page; zod, Better Auth's browser client and an eager sonner were 56 KB of
 * /auth). Follows their static imports through the project's own modules and lists the packages
 * reached; a dynamic `import()` (sonner through lazy-toast) loads on demand and is not followed,
 * nor is a "use server" module (the browser only gets a reference to its actions).
 */
const root = path.resolve(__dirname, "../..");
const entries = [
  "components/auth/auth-form.tsx",
  "components/auth/forgot-password-form.tsx",
  "components/auth/reset-password-form.tsx",
  "components/auth/resend-confirmation-form.tsx",
  "components/auth/two-factor-step.tsx",
  "components/auth/sign-out-button.tsx",
];
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^"';]*?\sfrom\s+)?["']([^"']+)["']/gm;

function resolveLocal(specifier: string): string {
  const base = path.join(root, specifier.slice(2));
  for (const candidate of [`${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")])
    if (existsSync(candidate)) return candidate;
  throw new Error(`cannot resolve ${specifier}`);
}

function reached(): { packages: Set<string>; files: Map<string, string> } {
  const packages = new Set<string>();
  const files = new Map<string, string>();
  const queue = entries.map((entry) => path.join(root, entry));
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    const source = readFileSync(file, "utf8");
    files.set(file, source);
    if (/^\s*["']use server["']/.test(source)) continue;
    for (const [, specifier] of source.matchAll(STATIC_IMPORT)) {
      if (specifier!.startsWith("@/")) queue.push(resolveLocal(specifier!));
      else packages.add(specifier!);
    }
  }
  return { packages, files };
}

describe("the sign-in pages' browser code", () => {
  const { packages, files } = reached();

  it("follows the forms into lib/ (the walk itself works)", () => {
    const relative = [...files.keys()].map((file) => path.relative(root, file));
    expect(relative).toEqual(
      expect.arrayContaining(["lib/platform/auth/client.ts", "lib/platform/auth/form-checks.ts"]),
    );
    expect(packages).toContain("next-intl");
  });

  it("bundles no zod, no Better Auth browser client and no eager sonner", () => {
    const heavy = [...packages].filter((name) => /^(zod|better-auth|@better-auth|sonner)(\/|$)/.test(name));
    expect(heavy).toEqual([]);
  });

  it("needs no Node.js Buffer polyfill", () => {
    const withBuffer = [...files]
      .filter(([, source]) => /\bBuffer\./.test(source))
      .map(([file]) => path.relative(root, file));
    expect(withBuffer).toEqual([]);
  });
});
