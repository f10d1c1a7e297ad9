import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BUILD_HASH_FILE, isBuildFresh, sourceHash } from "../../scripts/lib/build";

/**
 * `npm start` serves the build in `.next` only while its stamp matches. The static pages
 * (`/`, `/auth`, the legal pages) are rendered at build time with APP_URL in their canonical
 * link and share tags and the analytics tag in their props, so a build made with other values
 * (the e2e suite's random port) is not fresh for these.
 */
describe("the production build's stamp", () => {
  let root: string;
  const here = { APP_URL: "http://localhost:3000", ANALYTICS_TAG_ID: "" };
  const elsewhere = { APP_URL: "http://localhost:34275", ANALYTICS_TAG_ID: "" };

  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), "afterglow-build-stamp-"));
    await mkdir(path.join(root, "app"), { recursive: true });
    await writeFile(path.join(root, "app", "page.tsx"), "export default function Page() { return null; }\n");
    await mkdir(path.join(root, ".next"));
    await writeFile(path.join(root, ".next", "BUILD_ID"), "build\n");
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  const stamp = async (settings: Record<string, string>) =>
    writeFile(path.join(root, ".next", BUILD_HASH_FILE), `${await sourceHash(settings, root)}\n`);

  it("is fresh for the address it was built for, and only that one", async () => {
    await stamp(elsewhere);
    expect(await isBuildFresh(elsewhere, root)).toBe(true);
    expect(await isBuildFresh(here, root)).toBe(false);
  });

  it("is stale once the analytics tag the pages carry changes", async () => {
    await stamp(here);
    expect(await isBuildFresh({ ...here, ANALYTICS_TAG_ID: "G-TEST123" }, root)).toBe(false);
    // The order the settings are listed in does not matter.
    expect(await isBuildFresh({ ANALYTICS_TAG_ID: "", APP_URL: here.APP_URL }, root)).toBe(true);
  });

  it("goes stale when a source changes", async () => {
    await stamp(here);
    expect(await isBuildFresh(here, root)).toBe(true);
    await writeFile(path.join(root, "app", "page.tsx"), "export default function Page() { return 1; }\n");
    expect(await isBuildFresh(here, root)).toBe(false);
  });

  it("is never fresh without a completed build", async () => {
    await stamp(here);
    await rm(path.join(root, ".next", "BUILD_ID"));
    expect(await isBuildFresh(here, root)).toBe(false);
  });
});
