import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { APERTIUM_MODES, missingFfmpeg, missingPackage } from "../support/tools";

// The suite's tools and CI (issue #41): CI installs every tool a test needs, and there a test
// that would be skipped for a missing one fails instead of passing as a silent skip.

const ciScript = readFileSync(new URL("../../.ci/run", import.meta.url), "utf8");

describe("CI's tools", () => {
  const saved = process.env.AFTERGLOW_REQUIRE_TOOLS;
  afterEach(() => {
    if (saved === undefined) delete process.env.AFTERGLOW_REQUIRE_TOOLS;
    else process.env.AFTERGLOW_REQUIRE_TOOLS = saved;
  });

  it("checks every Apertium mode the translation tests use", () => {
    const modes = /for mode in ([^;]+); do/.exec(ciScript)?.[1]?.trim().split(/\s+/) ?? [];
    expect([...modes].sort()).toEqual([...APERTIUM_MODES].sort());
  });

  it("installs every system command a test runs", () => {
    // Commands the tests start by name; Node's own (npx), coreutils (sleep) and sh come with the machine.
    const preinstalled = new Set(["npx", "node", "sleep", "sh"]);
    const testsDir = path.join(import.meta.dirname, "..");
    const files = readdirSync(testsDir, { recursive: true, encoding: "utf8" }).filter((f) =>
      /\.tsx?$/.test(f),
    );
    const commands = new Set<string>();
    for (const file of files) {
      const text = readFileSync(path.join(testsDir, file), "utf8");
      for (const m of text.matchAll(/\b(?:execFile|execFileSync|spawn|spawnSync|run|runs)\("([a-z][\w-]*)"/g))
        commands.add(m[1]!);
    }
    expect(commands).toContain("exiftool");
    for (const command of commands) {
      if (preinstalled.has(command)) continue;
      expect(ciScript, `.ci/run does not check for ${command}`).toMatch(
        new RegExp(`command -v ${command} |${command} -l`),
      );
    }
  });

  it("runs the suite with missing tools failing, not skipping", () => {
    expect(ciScript).toMatch(/^AFTERGLOW_REQUIRE_TOOLS=1 npm test$/m);
  });

  it("skips with the reason outside CI, and fails in it", () => {
    delete process.env.AFTERGLOW_REQUIRE_TOOLS;
    expect(missingFfmpeg("no-such-encoder")).toMatch(/no-such-encoder|not installed/);
    process.env.AFTERGLOW_REQUIRE_TOOLS = "1";
    expect(() => missingFfmpeg("no-such-encoder")).toThrow(/AFTERGLOW_REQUIRE_TOOLS=1/);
  });

  it("treats a missing npm package a test needs like a missing tool", () => {
    delete process.env.AFTERGLOW_REQUIRE_TOOLS;
    expect(missingPackage("smtp-server")).toBeNull();
    expect(missingPackage("afterglow-no-such-package")).toMatch(/afterglow-no-such-package/);
    process.env.AFTERGLOW_REQUIRE_TOOLS = "1";
    expect(() => missingPackage("afterglow-no-such-package")).toThrow(/AFTERGLOW_REQUIRE_TOOLS=1/);
  });

  it("skips a test for a missing tool or package only through tools.ts (never silently)", () => {
    // Attacker review: mail.test.ts skipped its smtp-server case on a check of its own, which
    // AFTERGLOW_REQUIRE_TOOLS could not turn into a failure. A skip that is not about the
    // platform must take its condition from tests/support/tools.ts.
    const testsDir = path.join(import.meta.dirname, "..");
    const offenders = readdirSync(testsDir, { recursive: true, encoding: "utf8" })
      .filter((f) => /\.test\.tsx?$/.test(f))
      .filter((file) => {
        const text = readFileSync(path.join(testsDir, file), "utf8");
        const conditions = [...text.matchAll(/\.skipIf\(([^)]*)\)/g)].map((m) => m[1]!);
        const own = conditions.filter((c) => !c.includes("process.platform"));
        return own.length > 0 && !/(?:\.\.|@\/tests)\/support\/tools"/.test(text);
      });
    expect(offenders).toEqual([]);
  });
});
