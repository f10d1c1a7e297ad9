import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { TENANT_HOST_SEGMENT } from "@/lib/core/i18n/locale-path";
import { RESERVED_SLUGS } from "@/lib/platform/site/slug";

// Every first path segment the app serves must be a reserved slug, or a company could take
// it and get a landing page its URL never reaches (issue #11: "termos"). Read from `app/`
// itself, so a new route folder fails here until it is reserved in `lib/platform/site/slug.ts`.

const appDir = path.join(import.meta.dirname, "../../app");

/** Files that are part of a segment, not segments (Next's file conventions, styles). */
const segmentFiles =
  /^(page|layout|template|loading|error|global-error|not-found|default|route)\.tsx?$|\.css$/;
/** Next's metadata files: each is a URL of its own (`app/icon.png` → `/icon.png` …). */
const metadataFile = /^(favicon\.ico|(icon|apple-icon|opengraph-image|twitter-image)\d*\.\w+)$/;

const isGroup = (name: string) => /^\(.+\)$/.test(name);
const isDynamic = (name: string) => /^\[.+\]$/.test(name);

/**
 * The URL first segments below `dir`: route groups flattened, dynamic segments left out
 * (they are the slug itself, or a catch-all); `onDynamic` sees each dynamic folder.
 */
function firstSegments(dir: string, onDynamic: (folder: string) => void = () => {}): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (isGroup(entry.name)) found.push(...firstSegments(full, onDynamic));
      else if (isDynamic(entry.name)) onDynamic(full);
      // Private folders (`_x`) are not routes in Next.
      else if (!entry.name.startsWith("_")) found.push(entry.name);
    } else if (metadataFile.test(entry.name)) {
      found.push(entry.name);
    } else if (!segmentFiles.test(entry.name)) {
      throw new Error(`Unknown file ${path.relative(appDir, full)}: is it a URL? Teach this test.`);
    }
  }
  return found;
}

function appFirstSegments(): string[] {
  const segments: string[] = [];
  const tenantTrees: string[] = [];
  for (const entry of readdirSync(appDir, { withFileTypes: true })) {
    if (entry.isDirectory() && entry.name === "[locale]") {
      // `[locale]` is internal (the proxy adds it from the cookie): its children are the
      // first segments. A dynamic child (`[clientSlug]`) is a company's pages, `/{slug}/…`.
      const localeDir = path.join(appDir, entry.name);
      segments.push(
        ...firstSegments(localeDir, (folder) => {
          if (!path.basename(folder).startsWith("[...")) tenantTrees.push(folder);
        }),
      );
      tenantTrees.push(path.join(localeDir, TENANT_HOST_SEGMENT, "[siteSlug]"));
    }
  }
  segments.push(...firstSegments(appDir, () => {}).filter((s) => s !== "[locale]"));
  // A company's own pages (`/{slug}/termos`) are first segments on its own host
  // (`{slug}.afterglow.events/termos`).
  expect(tenantTrees.length).toBe(2);
  for (const tree of tenantTrees) segments.push(...firstSegments(tree));
  return [...new Set(segments)].sort();
}

describe("reserved slugs", () => {
  it("reads the app's routes as expected", () => {
    const segments = appFirstSegments();
    // Spot checks, so a broken walk cannot pass by finding nothing.
    for (const s of [
      "admin",
      "api",
      "auth",
      "event",
      "termos",
      "evento",
      "robots.txt",
      TENANT_HOST_SEGMENT,
    ]) {
      expect(segments).toContain(s);
    }
  });

  it("reserves every first path segment of app/", () => {
    const unreserved = appFirstSegments().filter((segment) => !RESERVED_SLUGS.has(segment));
    expect(unreserved, "add these to RESERVED_SLUGS in lib/platform/site/slug.ts").toEqual([]);
  });
});
