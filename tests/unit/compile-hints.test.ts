import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  addCompileHints,
  COMPILE_HINT,
  shiftSourceMapByOneLine,
  withCompileHint,
} from "@/scripts/lib/compile-hints";

describe("withCompileHint", () => {
  it("puts V8's magic comment on a line of its own at the very top, once", () => {
    const hinted = withCompileHint("(globalThis.TURBOPACK||[]).push([1]);");
    expect(hinted).toBe("//# allFunctionsCalledOnLoad\n(globalThis.TURBOPACK||[]).push([1]);");
    expect(withCompileHint(hinted)).toBe(hinted);
  });
});

describe("shiftSourceMapByOneLine", () => {
  it("moves every mapping one generated line down and keeps the rest of the map", () => {
    const map = { version: 3, sources: ["a.ts"], names: [], mappings: "AAAA,CAAC;AACA" };
    expect(JSON.parse(shiftSourceMapByOneLine(JSON.stringify(map)))).toEqual({
      ...map,
      mappings: ";AAAA,CAAC;AACA",
    });
  });

  it("leaves an index map (sections, no mappings) as it is", () => {
    const map = JSON.stringify({ version: 3, sections: [] });
    expect(shiftSourceMapByOneLine(map)).toBe(map);
  });
});

describe("addCompileHints", () => {
  let dist: string;
  const chunk = (name: string) => path.join(dist, "static", "chunks", name);

  beforeEach(async () => {
    dist = await mkdtemp(path.join(tmpdir(), "compile-hints-"));
    await mkdir(path.join(dist, "static", "chunks"), { recursive: true });
    await writeFile(
      path.join(dist, "build-manifest.json"),
      JSON.stringify({
        polyfillFiles: ["static/chunks/polyfills.js"],
        rootMainFiles: ["static/chunks/framework.js", "static/chunks/runtime.js"],
      }),
    );
    for (const name of ["framework.js", "runtime.js", "page.js", "polyfills.js"]) {
      await writeFile(chunk(name), `/* ${name} */`);
    }
    await writeFile(chunk("framework.js.map"), JSON.stringify({ version: 3, mappings: "AAAA" }));
  });
  afterEach(() => rm(dist, { recursive: true, force: true }));

  it("hints the start-up chunks every page runs, shifts their maps, and leaves the others alone", async () => {
    expect(await addCompileHints(dist)).toEqual(["static/chunks/framework.js", "static/chunks/runtime.js"]);
    expect(await readFile(chunk("framework.js"), "utf8")).toBe(`${COMPILE_HINT}/* framework.js */`);
    expect(await readFile(chunk("runtime.js"), "utf8")).toBe(`${COMPILE_HINT}/* runtime.js */`);
    expect(JSON.parse(await readFile(chunk("framework.js.map"), "utf8")).mappings).toBe(";AAAA");
    // A page's own chunk and the legacy browsers' polyfills keep lazy compilation.
    expect(await readFile(chunk("page.js"), "utf8")).toBe("/* page.js */");
    expect(await readFile(chunk("polyfills.js"), "utf8")).toBe("/* polyfills.js */");

    // Run twice (a second `npm run build` step on the same output): nothing doubles.
    expect(await addCompileHints(dist)).toEqual([]);
    expect(await readFile(chunk("framework.js"), "utf8")).toBe(`${COMPILE_HINT}/* framework.js */`);
    expect(JSON.parse(await readFile(chunk("framework.js.map"), "utf8")).mappings).toBe(";AAAA");
  });

  it("leaves a build with subresource integrity untouched (the digests are already in its HTML)", async () => {
    await mkdir(path.join(dist, "server"));
    await writeFile(
      path.join(dist, "server", "subresource-integrity-manifest.json"),
      JSON.stringify({ "static/chunks/framework.js": "sha256-x" }),
    );
    expect(await addCompileHints(dist)).toEqual([]);
    expect(await readFile(chunk("framework.js"), "utf8")).toBe("/* framework.js */");
  });

  it("fails loudly on a folder that holds no build", async () => {
    await rm(path.join(dist, "build-manifest.json"));
    await expect(addCompileHints(dist)).rejects.toThrow(/no build-manifest.json/);
  });
});
