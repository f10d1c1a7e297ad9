import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { mediaRouteOf } from "@/server/front-door";
import type { MediaRouteHandlers } from "@/lib/surfaces/public-site/media-routes";

/**
 * The front door (server/front-door.ts) answers app/api/media/** without Next.js's router: each
 * URL it claims must reach the handler the route file at that URL exports, with the params Next.js
 * would give, and every media route file must be one it knows. A folder renamed, a route added or
 * a handler swapped on one side alone fails here.
 */
const tagged = vi.hoisted(() => {
  const handler = (name: string) => async () => new Response(name);
  return {
    media: handler("media"),
    logo: handler("logo"),
    banner: handler("banner"),
    bannerRendition: handler("bannerRendition"),
  };
});
vi.mock("@/lib/surfaces/public-site/media-routes", () => ({ mediaRoutes: tagged }));
const handlers = tagged as unknown as MediaRouteHandlers;

const mediaApi = path.join(import.meta.dirname, "../../app/api/media");
/** The route file of each handler, and a URL of it with the params Next.js gives. */
const FILES: Record<keyof MediaRouteHandlers, { file: string; url: string; params: Record<string, string> }> =
  {
    media: {
      file: "[mediaId]/[variant]",
      url: "/api/media/m1/w640.avif?v=x",
      params: { mediaId: "m1", variant: "w640.avif" },
    },
    logo: { file: "logo/[companyId]", url: "/api/media/logo/c1?v=x", params: { companyId: "c1" } },
    banner: { file: "banner/[eventId]", url: "/api/media/banner/e1?v=x", params: { eventId: "e1" } },
    bannerRendition: {
      file: "banner/[eventId]/[rendition]",
      url: "/api/media/banner/e1/w640.webp?v=x",
      params: { eventId: "e1", rendition: "w640.webp" },
    },
  };

function routeFiles(dir: string, prefix = ""): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isFile() && entry.name === "route.ts") return [prefix.slice(0, -1)];
    return entry.isDirectory() ? routeFiles(path.join(dir, entry.name), `${prefix}${entry.name}/`) : [];
  });
}

describe("the front door's media routes", () => {
  it("are exactly the route files of app/api/media, each exporting the same handler as GET", async () => {
    expect(routeFiles(mediaApi).sort()).toEqual(
      Object.values(FILES)
        .map((f) => f.file)
        .sort(),
    );
    for (const [name, { file }] of Object.entries(FILES)) {
      const route = (await import(path.join(mediaApi, file, "route.ts"))) as Record<string, unknown>;
      expect(route.GET, file).toBe(handlers[name as keyof MediaRouteHandlers]);
      expect(
        Object.keys(route).filter((key) => /^[A-Z]+$/.test(key)),
        file,
      ).toEqual(["GET"]);
    }
  });

  it("send each URL to its handler with Next.js's params, GET and HEAD only", () => {
    for (const [name, { url, params }] of Object.entries(FILES)) {
      for (const method of ["GET", "HEAD"]) {
        const route = mediaRouteOf(handlers, method, url);
        expect(route?.handler, `${method} ${url}`).toBe(handlers[name as keyof MediaRouteHandlers]);
        expect(route?.params).toEqual(params);
      }
      expect(mediaRouteOf(handlers, "POST", url)).toBeNull();
    }
    expect(mediaRouteOf(handlers, "GET", "/api/media/m%201/w640.webp")?.params).toEqual({
      mediaId: "m 1",
      variant: "w640.webp",
    });
  });

  it("leave to Next.js what it routes otherwise or refuses", () => {
    for (const url of [
      "/api/media/m1",
      "/api/media/m1/",
      "/api/media/m1/w640.webp/x",
      "/api/media/logo/c1/x",
      "/api/media/banner/e1/w640.webp/x",
      "/api/media/../content/x/like",
      "/api/media/m1/..",
      "/api/media/m1/%E0%A4%A",
      "/api/media/m1/a%2Fb",
      "/api/media//w640.webp",
      "/api/mediax/m1/w640.webp",
    ])
      expect(mediaRouteOf(handlers, "GET", url), url).toBeNull();
  });
});
