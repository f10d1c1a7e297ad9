import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ESLint } from "eslint";
import { afterAll, describe, expect, it } from "vitest";
import { cycles, folderCycleReport, folderGraph } from "@/scripts/lint/folder-cycles";

/**
 * The stairs are held by the linter (docs/architecture.md, "Tiers"): these prove each rule bites
 * on a fixture import in the wrong direction, and lets the right direction through.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function tierErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === "import/no-restricted-paths")
    .map((m) => m.message);
}

describe("ESLint refuses an import up the tiers", () => {
  const cases: [string, string, boolean][] = [
    ["lib/core/fixture.ts", "@/lib/platform/plans/limits", false],
    ["lib/core/fixture.ts", "@/lib/features/content/queries", false],
    ["lib/platform/fixture.ts", "@/lib/features/content/queries", false],
    ["lib/platform/fixture.ts", "@/lib/surfaces/public-site/mappers", false],
    ["lib/features/fixture.ts", "@/lib/surfaces/workers/worker", false],
    ["lib/surfaces/fixture.ts", "@/server/front-door", false],
    ["lib/features/fixture.ts", "@/components/ui/button", false],
    ["components/ui/fixture.tsx", "@/components/public/brand-style", false],
    ["components/player/fixture.tsx", "@/server/front-door", false],
    // The right direction passes.
    ["lib/features/fixture.ts", "@/lib/core/errors", true],
    ["lib/features/fixture.ts", "@/lib/platform/plans/limits", true],
    ["lib/surfaces/fixture.ts", "@/lib/features/content/queries", true],
    ["server/fixture.ts", "@/lib/surfaces/fan-api/http", true],
    ["components/public/fixture.tsx", "@/components/ui/button", true],
  ];
  it.each(cases)(
    "%s importing %s: allowed %s",
    async (file, target, allowed) => {
      const errors = await tierErrors(file, `import * as x from "${target}";\nexport default x;\n`);
      expect(errors.length === 0).toBe(allowed);
    },
    60_000,
  );
});

describe("the folder-cycle check", () => {
  it("finds a ring of folders, and none in a chain", () => {
    const ring = folderGraph(
      [
        { path: "lib/features/a/x.ts", source: 'import { b } from "@/lib/features/b/y";' },
        { path: "lib/features/b/y.ts", source: 'import { c } from "@/lib/features/c/z";' },
        { path: "lib/features/c/z.ts", source: 'import { a } from "@/lib/features/a/x";' },
        { path: "lib/features/d/w.ts", source: 'import { a } from "@/lib/features/a/x";' },
      ],
      "lib",
      2,
    );
    expect(cycles(ring)).toEqual([["lib/features/a", "lib/features/b", "lib/features/c"]]);
    const chain = folderGraph(
      [
        { path: "components/a/x.tsx", source: 'import { b } from "../b/y";' },
        { path: "components/b/y.tsx", source: 'import { c } from "@/components/c/z";' },
      ],
      "components",
      1,
    );
    expect(cycles(chain)).toEqual([]);
  });

  const dir = mkdtempSync(path.join(tmpdir(), "folder-cycles-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  it("fails the lint step on a tree with a ring, naming the imports that make it", () => {
    for (const [file, source] of [
      ["lib/core/a/x.ts", 'export { y } from "@/lib/core/b/y";'],
      ["lib/core/b/y.ts", 'export { x } from "@/lib/core/a/x";'],
      ["components/ui/button.tsx", "export const b = 1;"],
    ] as const) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), source);
    }
    const report = folderCycleReport(dir);
    expect(report).toHaveLength(1);
    expect(report[0]).toContain("lib/core/a ⇄ lib/core/b");
    expect(report[0]).toContain("lib/core/a/x.ts → lib/core/b");
  });
});
